/**
 * The daily link health e-mail to each admin: the broken and out-of-stock links found since the last one. Only
 * confirmed results (two checks in a row, state.ts) are mailed, and none an admin acknowledged; a first 404 shows on
 * the overview at once ('Broken (unconfirmed)') but is not worth an e-mail until the second check agrees.
 */
import type { LinkHealthClass } from './classes.ts';
import { healthStatusLabel } from './status.ts';

export const digestClasses = ['not-found', 'soft-not-found', 'out-of-stock'] as const satisfies readonly LinkHealthClass[];

export interface DigestItem {
  productId: number;
  productName: string;
  class: LinkHealthClass;
  url: string;
}

export interface DigestEmail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
}

/** Names come from admins, CSV files and scraped pages: one line each, no control characters, a sane length. */
function oneLine(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a one-line name must not carry
  const line = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function digestSubject(count: number): string {
  return `Repwell link health: ${count} new ${count === 1 ? 'problem' : 'problems'}`;
}

export function composeDigestEmail(items: readonly DigestItem[], addresses: { from: string; to: string }, siteUrl: string, day: string): DigestEmail {
  const manage = new URL('/dashboard/manage?health=problem', siteUrl).href;
  const lines = items.map((item) => {
    const label = healthStatusLabel({ class: item.class, flagged: true, acknowledged: false });
    return `- ${label}: ${oneLine(item.productName)}\n  ${oneLine(item.url, 500)}`;
  });
  return {
    from: { name: 'Repwell link health', address: addresses.from },
    to: addresses.to,
    subject: digestSubject(items.length),
    text: [
      `New link problems found by the link checker up to ${day} (UTC):`,
      '',
      ...lines,
      '',
      `See and acknowledge them in Manage: ${manage}`,
      'You get this e-mail at most once a day, and only when something new is found.',
      '',
    ].join('\n'),
  };
}
