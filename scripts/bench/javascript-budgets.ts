/**
 * The JavaScript each public template ships, against its budget (ARCHITECTURE section 9): gzip of the files a page
 * loads with it (page-javascript.ts: module scripts, islands and what they import statically) plus its inline
 * scripts. 30 KB on a page whose only interactive parts are the header, the cookie banner and the account links; 80 KB
 * on a product page; 100 KB on the catalogue. Home and a blog post have no budget of their own ("as low as it
 * can") and are printed for the record. Code a page imports only when asked (a toast) or hydrates on first
 * interaction (client:interaction: Save, Share, the contact form) is not counted: it is not loaded with the page.
 *
 *   npx node scripts/bench/javascript-budgets.ts <site dir>
 */
import { existsSync, readdirSync } from 'node:fs';
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

function firstHtml(siteDir: string, folder: string): string | undefined {
  const dir = join(siteDir, folder);
  if (!existsSync(dir)) return undefined;
  const name = readdirSync(dir)
    .filter((file) => file.endsWith('.html'))
    .sort()[0];
  return name ? `${folder}/${name}` : undefined;
}

/** One built page of each public template, with its budget (none for home and a post). */
export function publicTemplates(siteDir: string): Template[] {
  const first = (folder: string, name: string, budgetKb?: number): Template | undefined => {
    const file = firstHtml(siteDir, folder);
    return file ? { name, file, budgetKb } : undefined;
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
    first('blog', 'a blog post'),
    first('product', 'a product page', PRODUCT_PAGE_BUDGET_KB),
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
