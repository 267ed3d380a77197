/**
 * A roundup post ('The best {thing} of {year}'): its picks, each a product with an award and a paragraph, and the
 * 'How we chose' and 'The competition' sections. These are the rules every write path holds it to (the blog editor and
 * the blog functions share them); the HTML fields are sanitized by the server's article sanitizer before they are
 * stored (src/server/admin/blog.ts). A pick's award follows the reviews' award rule (review.ts). At build time the
 * picks count as a ranked list of products (roundupBlocks), so the loss log and 'Read our review' treat them as the
 * products an article features.
 */
import { z } from 'zod';
import type { ProductBlock } from '../article-blocks/block-markup.ts';
import { MAX_AWARD_LENGTH, cleanLine, normalizeAward, reviewTexts } from './review.ts';
import type { Roundup, RoundupPick } from './types.ts';

export const ROUNDUP_THING_MAX = 60;
export const ROUNDUP_YEAR_MIN = 2000;
export const ROUNDUP_YEAR_MAX = 2099;
export const ROUNDUP_PICKS_MIN = 1;
export const ROUNDUP_PICKS_MAX = 10;
/** Characters of HTML: a paragraph, not an article. */
export const ROUNDUP_PARAGRAPH_MAX = 2_000;
/** Characters of HTML for 'How we chose' and 'The competition'. */
export const ROUNDUP_SECTION_MAX = 10_000;

export const roundupTexts = {
  notAnObject: "Send the roundup as an object with its thing, year, picks, 'How we chose' and 'The competition'.",
  thingRequired: "Enter what the roundup ranks, for example 'massage guns'.",
  thingTooLong: `What the roundup ranks must be at most ${ROUNDUP_THING_MAX} characters.`,
  year: `The year must be a 4-digit year from ${ROUNDUP_YEAR_MIN} to ${ROUNDUP_YEAR_MAX}.`,
  picksTooFew: `Add at least ${ROUNDUP_PICKS_MIN} pick.`,
  picksTooMany: `Add at most ${ROUNDUP_PICKS_MAX} picks.`,
  pickProduct: 'Choose the product of each pick.',
  pickRepeated: 'A product can be picked only once in a roundup.',
  pickUnknown: 'A pick names a product that no longer exists. Remove it or choose another product.',
  awardRequired: 'Give each pick an award, for example Best Overall.',
  award: reviewTexts.award,
  paragraphRequired: 'Write a paragraph saying why this product is picked.',
  paragraphTooLong: `A pick's paragraph must be at most ${ROUNDUP_PARAGRAPH_MAX.toLocaleString('en-US')} characters of HTML.`,
  howWeChoseTooLong: `'How we chose' must be at most ${ROUNDUP_SECTION_MAX.toLocaleString('en-US')} characters of HTML.`,
  competitionTooLong: `'The competition' must be at most ${ROUNDUP_SECTION_MAX.toLocaleString('en-US')} characters of HTML.`,
  roundupRequired: "A roundup needs its thing, year and picks: fill in the Roundup section or turn it off.",
} as const;

/** The title a roundup takes unless the editor writes their own. */
export function roundupTitle(thing: string, year: number | string): string {
  return `The best ${cleanLine(thing)} of ${String(year).trim()}`;
}

/** Whether HTML holds any text (a paragraph of only tags or spaces says nothing). */
function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

const productId = z
  .union([z.number(), z.string()], { error: roundupTexts.pickProduct })
  .transform((value, ctx): number => {
    const id = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isSafeInteger(id) || id < 1) {
      ctx.addIssue({ code: 'custom', message: roundupTexts.pickProduct });
      return z.NEVER;
    }
    return id;
  });

const pickSchema = z.object(
  {
    productId,
    award: z
      .string({ error: roundupTexts.awardRequired })
      .transform((value) => normalizeAward(value))
      .refine((value) => value !== '', roundupTexts.awardRequired)
      .refine((value) => value.length <= MAX_AWARD_LENGTH, roundupTexts.award),
    paragraph: z
      .string({ error: roundupTexts.paragraphRequired })
      .transform((value) => value.trim())
      .refine(hasText, roundupTexts.paragraphRequired)
      .refine((value) => value.length <= ROUNDUP_PARAGRAPH_MAX, roundupTexts.paragraphTooLong),
  },
  { error: roundupTexts.pickProduct },
);

const section = (message: string) =>
  z
    .string({ error: message })
    .nullable()
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value.length <= ROUNDUP_SECTION_MAX, message)
    // An editor's empty paragraph (<p></p>) is no section: it is stored as '' and not shown.
    .transform((value) => (hasText(value) ? value : ''));

const year = z.union([z.number(), z.string()], { error: roundupTexts.year }).transform((value, ctx): number => {
  const text = String(value).trim();
  const number = Number(text);
  if (!/^\d{4}$/.test(text) || number < ROUNDUP_YEAR_MIN || number > ROUNDUP_YEAR_MAX) {
    ctx.addIssue({ code: 'custom', message: roundupTexts.year });
    return z.NEVER;
  }
  return number;
});

/** A roundup as sent; issues carry the field's path ('thing', 'picks.2.award'), so the editor shows each beside its field. */
export const roundupSchema = z.object(
  {
    thing: z
      .string({ error: roundupTexts.thingRequired })
      .transform((value) => cleanLine(value))
      .refine((value) => value !== '', roundupTexts.thingRequired)
      .refine((value) => value.length <= ROUNDUP_THING_MAX, roundupTexts.thingTooLong),
    year,
    picks: z
      .array(pickSchema, { error: roundupTexts.picksTooFew })
      .min(ROUNDUP_PICKS_MIN, roundupTexts.picksTooFew)
      .max(ROUNDUP_PICKS_MAX, roundupTexts.picksTooMany)
      .superRefine((picks, ctx) => {
        const seen = new Set<number>();
        picks.forEach((pick, index) => {
          if (seen.has(pick.productId)) ctx.addIssue({ code: 'custom', message: roundupTexts.pickRepeated, path: [index, 'productId'] });
          seen.add(pick.productId);
        });
      }),
    howWeChose: section(roundupTexts.howWeChoseTooLong),
    competition: section(roundupTexts.competitionTooLong),
  },
  { error: roundupTexts.notAnObject },
);

export type RoundupResult = { ok: true; roundup: Roundup } | { ok: false; errors: Record<string, string> };

/** Parses and normalizes a roundup: the roundup to store (its HTML still to be sanitized), or every field's message. */
export function parseRoundup(input: unknown): RoundupResult {
  const result = roundupSchema.safeParse(input);
  if (result.success) return { ok: true, roundup: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return { ok: false, errors };
}

/** The roundup with its HTML fields passed through the article sanitizer (the server's, given by the caller). */
export function sanitizeRoundup(roundup: Roundup, sanitize: (html: string) => string): Roundup {
  return {
    ...roundup,
    picks: roundup.picks.map((pick): RoundupPick => ({ ...pick, paragraph: sanitize(pick.paragraph) })),
    howWeChose: sanitize(roundup.howWeChose),
    competition: sanitize(roundup.competition),
  };
}

/** A stored value read back (a row may predate a rule or be written by hand): the roundup when it passes, else null. */
export function storedRoundup(value: unknown): Roundup | null {
  if (value === null || value === undefined) return null;
  const result = roundupSchema.safeParse(typeof value === 'string' ? safeJson(value) : value);
  return result.success ? result.data : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The picks as the product blocks a build resolves: one ranked list, so a pick whose product is gone is dropped and
 * logged like a block's, and a picked product's page links the roundup as a post that features it.
 */
export function roundupBlocks(roundup: Roundup | null | undefined): ProductBlock[] {
  if (!roundup || roundup.picks.length === 0) return [];
  return [{ kind: 'list', ids: roundup.picks.map((pick) => pick.productId), notes: roundup.picks.map((pick) => pick.award), rows: [] }];
}

/** The comparison table's rows under a roundup's picks. */
export const ROUNDUP_TABLE_ROWS = ['award', 'price', 'score', 'rating', 'best-for', 'stock'] as const;

/** The form's blank roundup for a post turned into one. */
export function emptyRoundup(year: number): Roundup {
  return { thing: '', year, picks: [], howWeChose: '', competition: '' };
}

/** ItemList structured data of the picks still shown, in order: position, the product page's URL, its name. */
export function roundupItemListJsonLd(
  picks: readonly { slug: string; name: string }[],
  title: string,
  site: URL | string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: title,
    numberOfItems: picks.length,
    itemListElement: picks.map((pick, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: new URL(`/product/${pick.slug}`, site).href,
      name: pick.name,
    })),
  };
}
