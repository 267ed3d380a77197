import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGuideArticles } from '../../src/server/article-blocks/guide-articles.ts';

const dir = mkdtempSync(join(tmpdir(), 'repwell-guides-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const guide = (title: string, body: string) => `---\ntitle: ${title}\norder: 1\n---\n\n${body}\n`;

describe('the guides as the overview reads them', () => {
  it('finds each guide with a product block, with its address and title, in file-name order', () => {
    writeFileSync(join(dir, 'sleep.md'), guide('"Sleep \\"Better\\""', '## Gear\n\n<div data-product-block="list" data-product-ids="27,3"></div>\n'));
    writeFileSync(join(dir, 'apple.md'), guide("'Rest days'", '<div data-product-block="box" data-product-ids="4"></div>'));
    writeFileSync(join(dir, 'plain.md'), guide('Plain', 'No products here.'));
    writeFileSync(join(dir, 'notes.txt'), '<div data-product-block="box" data-product-ids="9"></div>');
    expect(readGuideArticles(dir)).toEqual([
      { page: '/guides/apple', title: 'Rest days', blocks: [{ kind: 'box', ids: [4], notes: [], rows: [] }] },
      { page: '/guides/sleep', title: 'Sleep "Better"', blocks: [{ kind: 'list', ids: [27, 3], notes: ['', ''], rows: [] }] },
    ]);
  });

  it('reads no guides where the folder is absent', () => {
    expect(readGuideArticles(join(dir, 'missing'))).toEqual([]);
  });

  it("reads the demo guides' blocks from the repository by default", () => {
    const pages = readGuideArticles().map((article) => article.page);
    expect(pages).toEqual(['/guides/recovery-routines', '/guides/sleep-optimization']);
  });
});
