/** Product description HTML, built only from the safe tags the site allows (p, ul, li, strong, em, h3). */
import type { ProductType } from './catalogue/index.ts';
import type { Random } from './random.ts';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface DescriptionInput {
  type: ProductType;
  /** Brand and model line, e.g. 'IronPeak Forge'. */
  model: string;
  warranty: string | undefined;
  retailerLabel: string;
}

function warrantyPhrase(warranty: string): string {
  const phrase = warranty.charAt(0).toLowerCase() + warranty.slice(1);
  return /warranty/i.test(phrase) ? phrase : `${phrase} warranty`;
}

/** Two to four blocks: an opening paragraph, a list of highlights, advice, sometimes a closing note. */
export function describe(random: Random, { type, model, warranty, retailerLabel }: DescriptionInput): string {
  const count = Math.min(type.features.length, random.int(3, 4));
  const chosen = random
    .sample(
      type.features.map((_, index) => index),
      count,
    )
    .sort((a, b) => a - b)
    .map((index) => `<li>${escapeHtml(type.features[index] ?? '')}</li>`)
    .join('');
  const blocks = [`<p>The <strong>${escapeHtml(model)} ${escapeHtml(type.noun)}</strong> ${escapeHtml(type.summary)}</p>`];
  if (random.chance(0.4)) blocks.push('<h3>Why we like it</h3>');
  blocks.push(`<ul>${chosen}</ul>`, `<p>${escapeHtml(type.usage)}</p>`);
  if (random.chance(0.3)) {
    blocks.push(
      warranty
        ? `<p><em>Backed by a ${escapeHtml(warrantyPhrase(warranty))}.</em></p>`
        : `<p><em>Available from ${escapeHtml(retailerLabel)}.</em></p>`,
    );
  }
  return blocks.join('\n');
}
