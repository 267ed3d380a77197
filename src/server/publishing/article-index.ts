/**
 * The pagefind index of the articles (blog posts and guides) into `<site>/pagefind`.
 *
 * Only the articles. Product search is the catalogue's own (search shards in src/pages/catalogue-data): the spec's
 * rule is a substring match on name or description, which pagefind's word index cannot answer, and it would want one
 * fragment download per result where the catalogue shows up to 200. Reading 10,000 product pages back from disk cost
 * 13-19 s and a second gigabyte of memory for an index nothing asked.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import * as pagefind from 'pagefind';

export const ARTICLE_PAGES = '{blog,guides}/**/*.html';

/** Indexes the articles of the site in `siteDir` afresh; resolves to the number of pages indexed. */
export async function indexArticles(siteDir: string): Promise<number> {
  const outputPath = resolve(siteDir, 'pagefind');
  // A partial build starts from the last build's folder: its index is replaced whole, never added to.
  rmSync(outputPath, { recursive: true, force: true });
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: siteDir, glob: ARTICLE_PAGES });
  if (added.errors.length > 0) throw new Error(`pagefind could not index ${siteDir}: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`pagefind could not write its index: ${written.errors.join('; ')}`);
  await pagefind.close();
  return added.page_count;
}
