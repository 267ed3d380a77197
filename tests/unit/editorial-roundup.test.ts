import { describe, expect, it } from 'vitest';
import { blogAdminTexts, blogPostInputSchema } from '../../src/domain/admin/blog.ts';
import { MAX_AWARD_LENGTH } from '../../src/domain/editorial/review.ts';
import {
  ROUNDUP_PARAGRAPH_MAX,
  ROUNDUP_PICKS_MAX,
  parseRoundup,
  roundupBlocks,
  roundupItemListJsonLd,
  roundupTexts,
  roundupTitle,
  sanitizeRoundup,
  storedRoundup,
} from '../../src/domain/editorial/roundup.ts';
import { sanitizePostHtml } from '../../src/server/html-sanitizer.ts';

const pick = (productId: number, award = 'Best Overall', paragraph = '<p>Why we picked it.</p>') => ({ productId, award, paragraph });
const valid = { thing: 'massage guns', year: 2026, picks: [pick(1), pick(2, 'Best Budget')], howWeChose: '<p>We tested.</p>', competition: '' };

function errorsOf(input: unknown): Record<string, string> {
  const result = parseRoundup(input);
  if (result.ok) throw new Error('expected the roundup to be refused');
  return result.errors;
}

describe('roundup rules', () => {
  it("titles a roundup 'The best {thing} of {year}'", () => {
    expect(roundupTitle('  massage   guns ', 2026)).toBe('The best massage guns of 2026');
  });

  it('accepts a valid roundup and normalizes its thing, year and standard awards', () => {
    const result = parseRoundup({ ...valid, thing: ' massage\nguns ', year: '2026', picks: [pick(1, 'best overall'), pick(2, "Editor's Pick")] });
    expect(result).toEqual({
      ok: true,
      roundup: { thing: 'massage guns', year: 2026, picks: [pick(1, 'Best Overall'), pick(2, "Editor's Pick")], howWeChose: '<p>We tested.</p>', competition: '' },
    });
  });

  it('requires a short thing and a sensible 4-digit year', () => {
    expect(errorsOf({ ...valid, thing: '  ' })).toEqual({ thing: roundupTexts.thingRequired });
    expect(errorsOf({ ...valid, thing: 'x'.repeat(61) })).toEqual({ thing: roundupTexts.thingTooLong });
    for (const year of [26, 1999, 2100, 2026.5, '20266', 'next year']) expect(errorsOf({ ...valid, year })).toEqual({ year: roundupTexts.year });
  });

  it('holds 1 to 10 picks, no product twice', () => {
    expect(errorsOf({ ...valid, picks: [] })).toEqual({ picks: roundupTexts.picksTooFew });
    const eleven = Array.from({ length: ROUNDUP_PICKS_MAX + 1 }, (_, index) => pick(index + 1));
    expect(errorsOf({ ...valid, picks: eleven })).toEqual({ picks: roundupTexts.picksTooMany });
    expect(parseRoundup({ ...valid, picks: eleven.slice(0, ROUNDUP_PICKS_MAX) }).ok).toBe(true);
    expect(errorsOf({ ...valid, picks: [pick(3), pick(4), pick(3, 'Best Budget')] })).toEqual({ 'picks.2.productId': roundupTexts.pickRepeated });
    expect(errorsOf({ ...valid, picks: [pick(0)] })).toEqual({ 'picks.0.productId': roundupTexts.pickProduct });
  });

  it("gives each pick an award by the reviews' award rule", () => {
    expect(errorsOf({ ...valid, picks: [pick(1, ' ')] })).toEqual({ 'picks.0.award': roundupTexts.awardRequired });
    expect(errorsOf({ ...valid, picks: [pick(1, 'x'.repeat(MAX_AWARD_LENGTH + 1))] })).toEqual({ 'picks.0.award': roundupTexts.award });
    expect(parseRoundup({ ...valid, picks: [pick(1, 'x'.repeat(MAX_AWARD_LENGTH))] }).ok).toBe(true);
  });

  it("limits a pick's paragraph and requires text in it", () => {
    expect(errorsOf({ ...valid, picks: [pick(1, 'Best Overall', '<p> </p>')] })).toEqual({ 'picks.0.paragraph': roundupTexts.paragraphRequired });
    const long = `<p>${'a'.repeat(ROUNDUP_PARAGRAPH_MAX)}</p>`;
    expect(errorsOf({ ...valid, picks: [pick(1, 'Best Overall', long)] })).toEqual({ 'picks.0.paragraph': roundupTexts.paragraphTooLong });
  });

  it("stores an empty 'How we chose' or 'The competition' as '' and refuses a section too long", () => {
    const result = parseRoundup({ ...valid, howWeChose: '<p></p>', competition: null });
    expect(result.ok && [result.roundup.howWeChose, result.roundup.competition]).toEqual(['', '']);
    expect(errorsOf({ ...valid, competition: 'a'.repeat(10_001) })).toEqual({ competition: roundupTexts.competitionTooLong });
  });

  it("sanitizes the paragraphs and sections with the server's article sanitizer", () => {
    const dirty = { ...valid, picks: [pick(1, 'Best Overall', '<p onclick="x()">Good<script>alert(1)</script></p>')], howWeChose: '<p>Ok<img src=x onerror=alert(1)></p>' };
    const parsed = parseRoundup(dirty);
    if (!parsed.ok) throw new Error('valid');
    const clean = sanitizeRoundup(parsed.roundup, sanitizePostHtml);
    expect(clean.picks[0]!.paragraph).toBe('<p>Good</p>');
    expect(clean.howWeChose).not.toMatch(/onerror|script/);
  });

  it('reads a stored roundup back only when it passes the rules', () => {
    expect(storedRoundup(JSON.stringify(valid))?.picks).toHaveLength(2);
    expect(storedRoundup({ ...valid, picks: [] })).toBeNull();
    expect(storedRoundup('not json')).toBeNull();
    expect(storedRoundup(null)).toBeNull();
  });

  it('counts the picks as a ranked list for the loss log and the reviewing post', () => {
    expect(roundupBlocks({ ...valid, picks: [pick(5), pick(9, 'Best Budget')] })).toEqual([{ kind: 'list', ids: [5, 9], notes: ['Best Overall', 'Best Budget'], rows: [] }]);
    expect(roundupBlocks(null)).toEqual([]);
  });

  it('describes the picks as an ItemList of product pages', () => {
    expect(roundupItemListJsonLd([{ slug: 'a', name: 'A' }, { slug: 'b', name: 'B' }], 'The best things of 2026', 'https://repwell.test')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'The best things of 2026',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://repwell.test/product/a', name: 'A' },
        { '@type': 'ListItem', position: 2, url: 'https://repwell.test/product/b', name: 'B' },
      ],
    });
  });
});

describe('a blog post as a roundup', () => {
  const post = { title: 'The best massage guns of 2026', published: false };

  it('needs a roundup when its kind is roundup, with the field paths of the roundup rules', () => {
    const missing = blogPostInputSchema.safeParse({ ...post, kind: 'roundup' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['roundup'], message: roundupTexts.roundupRequired });
    const bad = blogPostInputSchema.safeParse({ ...post, kind: 'roundup', roundup: { ...valid, picks: [pick(1, '')] } });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['roundup', 'picks', 0, 'award'], message: roundupTexts.awardRequired });
  });

  it("keeps an article's roundup out and a roundup's in", () => {
    expect(blogPostInputSchema.parse({ ...post, roundup: valid }).roundup).toBeNull();
    const roundup = blogPostInputSchema.parse({ ...post, kind: 'roundup', roundup: valid });
    expect(roundup.kind).toBe('roundup');
    expect(roundup.roundup?.picks.map((entry) => entry.productId)).toEqual([1, 2]);
  });

  it('refuses an unknown kind', () => {
    const result = blogPostInputSchema.safeParse({ ...post, kind: 'listicle' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).not.toBe(blogAdminTexts.bodyInvalid);
  });
});
