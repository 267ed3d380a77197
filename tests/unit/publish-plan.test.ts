import { describe, expect, it } from 'vitest';
import { changedKeys, planPublish, rendersNothing, SNAPSHOT_FORMAT, type SiteSnapshot } from '../../src/domain/publishing/publish-plan.ts';

const base: SiteSnapshot = {
  format: SNAPSHOT_FORMAT,
  source: 'src-1',
  environment: 'env-1',
  globals: 'g-1',
  categories: 'cat-1',
  authors: 'au-1',
  posts: { 'first-post': 'p1' },
  products: { mat: 'a', roller: 'b', band: 'c' },
  linksTo: { guide: [] },
};

describe('planPublish', () => {
  it('builds in full without a complete build, or when the code or the build environment changed', () => {
    expect(planPublish(undefined, base)).toEqual({ kind: 'full', reason: 'no complete build to start from' });
    expect(planPublish(base, { ...base, source: 'src-2' })).toEqual({ kind: 'full', reason: 'the code or content files changed' });
    expect(planPublish(base, { ...base, environment: 'env-2', globals: 'g-2' })).toEqual({ kind: 'full', reason: 'the build environment changed' });
    expect(planPublish({ ...base, format: 0 }, base).kind).toBe('full');
  });

  it('renders every page, keeping none, when data every page shows changed: the settings', () => {
    const everyPage = { kind: 'partial', products: [], everyOtherPage: true, everyPage: 'settings every page shows changed' };
    expect(planPublish(base, { ...base, globals: 'g-2' })).toEqual(everyPage);
    expect(planPublish(base, { ...base, globals: 'g-2', categories: 'cat-2', products: { ...base.products, mat: 'a2' } })).toEqual(everyPage);
  });

  it('renders the pages that are not product pages for an author or a category, and the product pages whose digest shows it', () => {
    // A product's digest holds its reviewer's and its category's names, so the product pages that show them change too.
    expect(planPublish(base, { ...base, authors: 'au-2' })).toEqual({ kind: 'partial', products: [], everyOtherPage: true });
    expect(planPublish(base, { ...base, categories: 'cat-2', products: { ...base.products, mat: 'a2' } })).toEqual({ kind: 'partial', products: ['mat'], everyOtherPage: true });
  });

  it('renders nothing when nothing changed', () => {
    expect(planPublish(base, structuredClone(base))).toEqual({ kind: 'partial', products: [], everyOtherPage: false });
  });

  it("renders a changed product's page and the pages that list products", () => {
    expect(planPublish(base, { ...base, products: { ...base.products, roller: 'b2' } })).toEqual({ kind: 'partial', products: ['roller'], everyOtherPage: true });
  });

  it('renders a new product, and only the listings for a removed one (its page is gone)', () => {
    expect(planPublish(base, { ...base, products: { ...base.products, ball: 'd' } })).toEqual({ kind: 'partial', products: ['ball'], everyOtherPage: true });
    const { band: _band, ...withoutBand } = base.products;
    expect(planPublish(base, { ...base, products: withoutBand })).toEqual({ kind: 'partial', products: [], everyOtherPage: true });
  });

  it('renders a page whose description offers a changed product, or whose offered products changed', () => {
    const linking = { ...base, linksTo: { mat: ['roller'] } };
    expect(planPublish(linking, { ...linking, products: { ...base.products, roller: 'b2' } })).toMatchObject({ products: ['mat', 'roller'] });
    // A page that showed linked products (or alternatives) and shows none now renders again.
    expect(planPublish(linking, { ...base, linksTo: {} })).toMatchObject({ products: ['mat'], everyOtherPage: false });
    expect(planPublish(base, linking)).toMatchObject({ products: ['mat'], everyOtherPage: false });
  });

  it('renders a page whose alternatives changed product, membership or order', () => {
    const alternatives = { ...base, linksTo: { mat: ['roller', 'band'] } };
    expect(planPublish(alternatives, { ...alternatives, products: { ...base.products, band: 'c2' } })).toMatchObject({ products: ['band', 'mat'] });
    expect(planPublish(alternatives, { ...alternatives, linksTo: { mat: ['band', 'roller'] } })).toMatchObject({ products: ['mat'], everyOtherPage: false });
    expect(planPublish(alternatives, { ...alternatives, linksTo: { mat: ['roller'] } })).toMatchObject({ products: ['mat'] });
    expect(planPublish(alternatives, structuredClone(alternatives))).toMatchObject({ products: [], everyOtherPage: false });
  });

  it('renders the pages that are not product pages for a post or a category count', () => {
    expect(planPublish(base, { ...base, posts: { 'first-post': 'p2' } })).toEqual({ kind: 'partial', products: [], everyOtherPage: true });
    expect(planPublish(base, { ...base, categories: 'cat-2' })).toEqual({ kind: 'partial', products: [], everyOtherPage: true });
  });
});

describe('rendersNothing', () => {
  it('holds only between snapshots of the same site', () => {
    expect(rendersNothing(planPublish(base, structuredClone(base)))).toBe(true);
    expect(rendersNothing(planPublish(base, { ...base, posts: { ...base.posts, 'new-post': 'p9' } }))).toBe(false);
    expect(rendersNothing(planPublish(base, { ...base, products: { ...base.products, mat: 'a2' } }))).toBe(false);
    expect(rendersNothing(planPublish(base, { ...base, linksTo: { mat: ['roller'] } }))).toBe(false);
    expect(rendersNothing(planPublish(base, { ...base, authors: 'au-2' }))).toBe(false);
    expect(rendersNothing(planPublish(base, { ...base, categories: 'cat-2' }))).toBe(false);
    expect(rendersNothing(planPublish(base, { ...base, source: 'src-2' }))).toBe(false);
  });
});

describe('changedKeys', () => {
  it('finds added, removed and changed keys', () => {
    expect([...changedKeys({ a: '1', b: '2', c: '3' }, { a: '1', b: '9', d: '4' })].sort()).toEqual(['b', 'c', 'd']);
  });
});
