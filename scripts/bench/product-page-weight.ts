/**
 * What a product page weighs as served: the whole HTML file, header and all, uncompressed (ARCHITECTURE section 9: a
 * product page's HTML at most 30 KB, every page, the largest included; 1 KB = 1,024 bytes). Shared by the bench
 * (build-cost.ts) and the e2e check on the built demo site (tests/e2e/page-weight.spec.ts), so both weigh the same way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './report.ts';

export const PRODUCT_PAGE_HTML_BUDGET_KB = 30;

export interface ProductPageWeights {
  /** Pages weighed. */
  pages: number;
  medianBytes: number;
  maxBytes: number;
  /** The largest page weighed. */
  maxFile: string;
  /** The median without the header's markup (<header>…</header>), for comparison with earlier figures. */
  medianOutsideHeaderBytes: number;
}

/** Weighs every product page of a built site, or about `sample` of them spread evenly over the catalogue. */
export function productPageWeights(site: string, sample = Number.POSITIVE_INFINITY): ProductPageWeights {
  const pages = readdirSync(join(site, 'product')).filter((name) => name.endsWith('.html') && name !== 'not-found.html');
  if (pages.length === 0) throw new Error(`${site} has no product pages`);
  const step = Math.max(1, Math.floor(pages.length / sample));
  const sizes: number[] = [];
  const outside: number[] = [];
  let maxBytes = -1;
  let maxFile = '';
  for (let index = 0; index < pages.length; index += step) {
    const file = pages[index]!;
    const html = readFileSync(join(site, 'product', file));
    const bytes = html.byteLength;
    const start = html.indexOf('<header');
    const end = html.indexOf('</header>', start);
    sizes.push(bytes);
    outside.push(start >= 0 && end > start ? bytes - (end + '</header>'.length - start) : bytes);
    if (bytes > maxBytes) [maxBytes, maxFile] = [bytes, file];
  }
  return { pages: sizes.length, medianBytes: median(sizes), maxBytes, maxFile, medianOutsideHeaderBytes: median(outside) };
}
