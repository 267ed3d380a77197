/**
 * Page weight (ARCHITECTURE section 9): a product page's HTML, the whole file as served with its header and footer, is
 * at most 30 KB (1 KB = 1,024 bytes) for every product page, the largest as well as the median, weighed on the demo
 * build's own files as the bench weighs them (scripts/bench/product-page-weight.ts). Every product page of the build
 * is weighed.
 */
import { PRODUCT_PAGE_HTML_BUDGET_KB, productPageWeights } from '../../scripts/bench/product-page-weight.ts';
import { expect, test } from './fixtures.ts';

test('every product page, the largest included, is at most 30 KB of HTML, header included', () => {
  const site = process.env.E2E_SITE_DIR;
  if (!site) throw new Error('E2E_SITE_DIR is not set: global-setup.ts did not run.');
  const weights = productPageWeights(site);
  // The demo catalogue: enough pages for the median to mean something, and its longest reviews among them.
  expect(weights.pages).toBeGreaterThan(100);
  const medianKb = weights.medianBytes / 1024;
  const largestKb = weights.maxBytes / 1024;
  test.info().annotations.push({
    type: 'product page HTML',
    description: `median ${medianKb.toFixed(1)} KB, largest ${largestKb.toFixed(1)} KB (${weights.maxFile}) of ${weights.pages} pages`,
  });
  expect(medianKb, 'the median product page, in KB').toBeLessThanOrEqual(PRODUCT_PAGE_HTML_BUDGET_KB);
  expect(largestKb, `the largest product page (${weights.maxFile}), in KB`).toBeLessThanOrEqual(PRODUCT_PAGE_HTML_BUDGET_KB);
});
