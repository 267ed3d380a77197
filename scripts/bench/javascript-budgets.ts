/**
 * The JavaScript each public template ships, against its budget (ARCHITECTURE section 9): gzip of the files a page
 * loads with it (page-javascript.ts: module scripts, islands and what they import statically) plus its inline
 * scripts. 30 KB on a page whose only interactive parts are the header, the cookie banner and the account links; 80 KB
 * on a product page, with or without an editorial verdict; 100 KB on the catalogue. Home and a plain blog post have no
 * budget of their own ("as low as it can") and are printed for the record; a post whose articles compare products in
 * a table (a roundup's picks, or a comparison table block) ships no more than that plain post, because the table is
 * static HTML and only the buy links' click script runs. Code a page imports only when asked (a toast) or hydrates on
 * first interaction (client:interaction: Save, Share, the contact form) is not counted: it is not loaded with the page.
 *
 *   npx node scripts/bench/javascript-budgets.ts <site dir>
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measurePage } from './page-javascript.ts';
import { renderTable, verdict, type Figure } from './report.ts';

export const STATIC_PAGE_BUDGET_KB = 30;
export const PRODUCT_PAGE_BUDGET_KB = 80;
export const CATALOGUE_BUDGET_KB = 100;

export interface Template {
  name: string;
  /** The built file, relative to the site folder. */
  file: string;
  budgetKb?: number;
}

/** The first page of a folder, by name, whose HTML passes `test` (any page without one). */
function firstHtml(siteDir: string, folder: string, test?: (html: string) => boolean): string | undefined {
  const dir = join(siteDir, folder);
  if (!existsSync(dir)) return undefined;
  const name = readdirSync(dir)
    .filter((file) => file.endsWith('.html') && file !== 'not-found.html')
    .sort()
    .find((file) => !test || test(readFileSync(join(dir, file), 'utf8')));
  return name ? `${folder}/${name}` : undefined;
}

/** What the build writes for a comparison table (BlockTable.astro), a roundup's picks and an editorial verdict. */
const COMPARISON_TABLE = 'data-product-table';
const ROUNDUP_TABLE = 'data-roundup-table';
const ARTICLE_BLOCK = 'data-product-block-shown';
const VERDICT = 'data-review-score';

/** How many products a page's first comparison table compares: one column heading each. */
export function comparedProducts(html: string): number {
  const start = html.indexOf(COMPARISON_TABLE);
  if (start < 0) return 0;
  const end = html.indexOf('</table>', start);
  return html.slice(start, end < 0 ? undefined : end).split('<th scope="col"').length - 1;
}

/** One built page of each public template, with its budget (none for home and a plain post). */
export function publicTemplates(siteDir: string): Template[] {
  const first = (folder: string, name: string, budgetKb?: number, test?: (html: string) => boolean): Template | undefined => {
    const file = firstHtml(siteDir, folder, test);
    return file ? { name, file, budgetKb } : undefined;
  };
  const plainPost = first('blog', 'a blog post (no products in it)', undefined, (html) => !html.includes(ARTICLE_BLOCK) && !html.includes(ROUNDUP_TABLE));
  // A post with a table ships no more than a plain post: the plain post's weight is its budget.
  const asPlainPost = plainPost ? shippedKb(siteDir, plainPost.file) : undefined;
  const withTable = (kind: string, test: (html: string) => boolean): Template | undefined => {
    const template = first('blog', kind, asPlainPost, (html) => html.includes(COMPARISON_TABLE) && test(html));
    if (!template) return undefined;
    const compared = comparedProducts(readFileSync(join(siteDir, template.file), 'utf8'));
    return { ...template, name: `${kind} (comparison table of ${compared} products)` };
  };
  const templates: (Template | undefined)[] = [
    { name: 'guides', file: 'guides.html', budgetKb: STATIC_PAGE_BUDGET_KB },
    first('guides', 'a guide', STATIC_PAGE_BUDGET_KB),
    { name: 'about', file: 'about.html', budgetKb: STATIC_PAGE_BUDGET_KB },
    { name: 'privacy policy', file: 'privacy-policy.html', budgetKb: STATIC_PAGE_BUDGET_KB },
    { name: '404', file: '404.html', budgetKb: STATIC_PAGE_BUDGET_KB },
    { name: 'blog list', file: 'blog.html', budgetKb: STATIC_PAGE_BUDGET_KB },
    { name: 'contact (its form hydrates on first interaction)', file: 'contact.html', budgetKb: STATIC_PAGE_BUDGET_KB },
    { name: 'home', file: 'index.html' },
    plainPost,
    withTable('a blog post', (html) => html.includes(ARTICLE_BLOCK) && !html.includes(ROUNDUP_TABLE)),
    withTable('a roundup', (html) => html.includes(ROUNDUP_TABLE)),
    first('product', 'a product page', PRODUCT_PAGE_BUDGET_KB, (html) => !html.includes(VERDICT)),
    first('product', 'a product page with a verdict', PRODUCT_PAGE_BUDGET_KB, (html) => html.includes(VERDICT)),
    { name: 'catalogue /products', file: 'products.html', budgetKb: CATALOGUE_BUDGET_KB },
  ];
  return templates.filter((template): template is Template => template !== undefined && existsSync(join(siteDir, template.file)));
}

/** Files plus inline scripts, gzip, in KB. */
export function shippedKb(siteDir: string, file: string): number {
  const measured = measurePage(siteDir, file);
  return (measured.gzipBytes + measured.inlineGzipBytes) / 1024;
}

export function javascriptFigures(siteDir: string): Figure[] {
  return publicTemplates(siteDir).map((template) => ({
    name: `JavaScript gzip, ${template.name}`,
    value: shippedKb(siteDir, template.file),
    unit: 'KB',
    budget: template.budgetKb,
  }));
}

if (import.meta.main) {
  const figures = javascriptFigures(process.argv[2] ?? 'dist');
  console.log(renderTable(figures));
  process.exitCode = figures.some((figure) => verdict(figure) === 'FAIL') ? 1 : 0;
}
