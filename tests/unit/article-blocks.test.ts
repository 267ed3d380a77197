import { describe, expect, it } from 'vitest';
import { articleBlocks, referencedProductIds, splitArticleHtml } from '../../src/domain/article-blocks/article-html.ts';
import { blockAttributes, BLOCK_LIMITS, parseBlockAttributes, rowLabel, specRow } from '../../src/domain/article-blocks/block-markup.ts';
import { formatScore, readBlockReview, tableCellText, toBlockProduct } from '../../src/domain/article-blocks/block-product.ts';
import { articleLosses, lossLogLine, resolveBlock, reviewingPosts } from '../../src/domain/article-blocks/block-resolution.ts';
import { sanitizePostHtml } from '../../src/server/html-sanitizer.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');

describe('a product block is a reference with validated attributes', () => {
  it('reads each kind and writes it back canonically', () => {
    expect(parseBlockAttributes({ 'data-product-block': 'box', 'data-product-ids': '12' })).toEqual({ kind: 'box', ids: [12], notes: [], rows: [] });
    const list = parseBlockAttributes({ 'data-product-block': 'list', 'data-product-ids': '3,1', 'data-product-notes': '["Best overall"]' })!;
    expect(list.notes).toEqual(['Best overall', '']);
    expect(blockAttributes(list)).toEqual({ 'data-product-block': 'list', 'data-product-ids': '3,1', 'data-product-notes': '["Best overall",""]' });
    const table = parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': '1,2', 'data-product-rows': 'price,spec:Weight,award' })!;
    expect(table.rows).toEqual(['price', 'spec:Weight', 'award']);
  });

  it('gives a table without rows the default rows', () => {
    expect(parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': '1,2' })!.rows).toEqual(['price', 'score', 'rating', 'award']);
  });

  it('refuses ids that are not positive integers, repeats and more than a kind holds', () => {
    for (const bad of ['', '0', '-1', '1.5', '1,,2', '1 ,2', 'x', '1,1', '99999999999']) {
      expect(parseBlockAttributes({ 'data-product-block': 'grid', 'data-product-ids': bad }), bad).toBeNull();
    }
    expect(parseBlockAttributes({ 'data-product-block': 'box', 'data-product-ids': '1,2' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': ids(BLOCK_LIMITS.table + 1) })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': ids(BLOCK_LIMITS.table) })).not.toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'list', 'data-product-ids': ids(10) })).not.toBeNull();
  });

  it('refuses unknown kinds, unknown rows, long notes and attributes a kind does not show', () => {
    expect(parseBlockAttributes({ 'data-product-block': 'carousel', 'data-product-ids': '1' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': '1', 'data-product-rows': 'price,secret' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': '1', 'data-product-rows': 'spec:a,b' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': '1', 'data-product-rows': 'spec:<script>' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'table', 'data-product-ids': '1', 'data-product-rows': 'price,price' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'list', 'data-product-ids': '1', 'data-product-notes': JSON.stringify(['x'.repeat(141)]) })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'list', 'data-product-ids': '1', 'data-product-notes': '{"a":1}' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'list', 'data-product-ids': '1', 'data-product-notes': '["a","b"]' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'box', 'data-product-ids': '1', 'data-product-rows': 'price' })).toBeNull();
    expect(parseBlockAttributes({ 'data-product-block': 'grid', 'data-product-ids': '1', 'data-product-notes': '[]' })).toBeNull();
  });

  it('names rows by field or by specification', () => {
    expect(rowLabel('best-for')).toBe('Best for');
    expect(specRow(' Max speed ')).toBe('spec:Max speed');
    expect(specRow('a,b')).toBeNull();
    expect(rowLabel(specRow('Weight')!)).toBe('Weight');
  });
});

describe('the post sanitizer keeps valid blocks and drops forged ones', () => {
  it('keeps exactly the block attributes', () => {
    expect(sanitizePostHtml('<div data-product-block="box" data-product-ids="12" onclick="x()" class="y" data-price="1"></div>')).toBe(
      '<div data-product-block="box" data-product-ids="12"></div>',
    );
  });

  it('drops an invalid block and unwraps any other div or a filled block', () => {
    expect(sanitizePostHtml('<div data-product-block="box" data-product-ids="1,2"></div><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizePostHtml('<div class="a"><p>kept</p></div>')).toBe('<p>kept</p>');
    expect(sanitizePostHtml('<div data-product-block="box" data-product-ids="1"><p>forged</p></div>')).toBe('<p>forged</p>');
  });
});

describe('blocks are found in an article and resolved against the catalogue', () => {
  const html =
    '<p>Intro</p><div data-product-block="box" data-product-ids="5"></div><p>Mid</p><div data-product-block=\'list\' data-product-ids="5,6,7" data-product-notes="[&quot;Top&quot;,&quot;&quot;,&quot;Cheap&quot;]"></div>';

  it('splits the HTML around each block, quotes and entities as Markdown writes them', () => {
    const segments = splitArticleHtml(html);
    expect(segments.map((segment) => segment.kind)).toEqual(['html', 'block', 'html', 'block']);
    expect(segments[3]).toMatchObject({ block: { kind: 'list', ids: [5, 6, 7], notes: ['Top', '', 'Cheap'] } });
    expect([...referencedProductIds([html, '<div data-product-block="grid" data-product-ids="9,5"></div>'])]).toEqual([5, 6, 7, 9]);
  });

  it('leaves an invalid block in the HTML untouched and shows no block for it', () => {
    expect(articleBlocks('<div data-product-block="box" data-product-ids="a"></div>')).toEqual([]);
  });

  it('drops a missing product from a list and ranks the rest again from 1', () => {
    const [, , , list] = splitArticleHtml(html);
    const resolved = resolveBlock(list!.kind === 'block' ? list!.block : (undefined as never), (id) => (id === 6 ? undefined : { id }));
    expect(resolved.items.map((item) => [item.product.id, item.rank, item.note])).toEqual([
      [5, 1, 'Top'],
      [7, 2, 'Cheap'],
    ]);
    expect(resolved.missing).toEqual([6]);
  });

  it('reports per article what it lost, for the build log and the overview', () => {
    const losses = articleLosses([{ page: '/blog/a', title: 'A', blocks: articleBlocks(html) }, { page: '/blog/b', title: 'B', blocks: [] }], (id) => id !== 6 && id !== 5);
    expect(losses).toEqual([{ page: '/blog/a', title: 'A', missing: [5, 6] }]);
    expect(lossLogLine(losses[0]!)).toContain('/blog/a ("A") lost products 5, 6');
  });

  it('names as a product\'s review the post with it in a box, else the first to feature it', () => {
    const box = articleBlocks('<div data-product-block="box" data-product-ids="1"></div>');
    const grid = articleBlocks('<div data-product-block="grid" data-product-ids="1,2"></div>');
    const reviews = reviewingPosts([
      { slug: 'older-grid', title: 'Older grid', publishedAt: new Date('2026-01-01'), blocks: grid },
      { slug: 'newer-box', title: 'Newer box', publishedAt: new Date('2026-06-01'), blocks: box },
      { slug: 'newest-grid', title: 'Newest grid', publishedAt: new Date('2026-09-01'), blocks: grid },
    ]);
    expect(reviews.get(1)).toEqual({ slug: 'newer-box', title: 'Newer box' });
    expect(reviews.get(2)).toEqual({ slug: 'older-grid', title: 'Older grid' });
    expect(reviews.has(3)).toBe(false);
  });
});

describe('table cells come from the product\'s current data', () => {
  const source = {
    id: 1, slug: 'gun', name: 'Gun', price: 100, salePrice: null, imageUrl: null, rating: 4.26, inStock: false, category: null,
    createdAt: new Date(0), affiliateUrl: 'https://shop.example/gun', affiliateSource: 'Shop', attributes: {},
    specifications: { Weight: '1.2 kg', Cordless: true },
    review: { score: 8.5, award: 'Best Budget', verdict: 'Strong.', bestFor: 'Runners', skipIf: '' },
  };

  it('reads the review defensively', () => {
    expect(readBlockReview(null)).toEqual({ award: null, score: null, verdict: null, bestFor: null, skipIf: null });
    expect(readBlockReview({ score: '9', award: 7 })).toMatchObject({ score: null, award: null });
    expect(readBlockReview({ score: 11 }).score).toBeNull();
  });

  it('fills each row and a dash for what the product lacks', () => {
    const product = toBlockProduct(source, { amazonTag: 'tag-20' });
    expect(tableCellText('score', product)).toBe('8.5/10');
    expect(tableCellText('rating', product)).toBe('4.3 out of 5');
    expect(tableCellText('award', product)).toBe('Best Budget');
    expect(tableCellText('skip-if', product)).toBe('—');
    expect(tableCellText('stock', product)).toBe('Out of stock');
    expect(tableCellText('spec:weight', product)).toBe('1.2 kg');
    expect(tableCellText('spec:Cordless', product)).toBe('Yes');
    expect(tableCellText('spec:Colour', product)).toBe('—');
    expect(formatScore(9)).toBe('9/10');
  });
});
