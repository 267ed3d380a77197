/**
 * A demo guide's product block as a reader meets it: the recovery guide's comparison table (written in its Markdown,
 * content/guides) shows its products after the disclosure, each with a sponsored buy link, and following one sends the
 * click beacon with its click id and the guide's page as its source. Retailers are never reached: every https request
 * leaving the local site is answered by the test.
 */
import { isClickId } from '../../src/domain/revenue/click-id.ts';
import { readGuideArticles } from '../../src/server/article-blocks/guide-articles.ts';
import { follow } from './click-helpers.ts';
import { expect, test } from './fixtures.ts';

const GUIDE = '/guides/recovery-routines';

test('a guide’s comparison table is disclosed first and its buy links are tracked with the guide as their source', async ({ page, context }) => {
  const table = readGuideArticles().find((guide) => guide.page === GUIDE)?.blocks.find((block) => block.kind === 'table');
  if (!table) throw new Error(`${GUIDE} has no comparison table`);
  await context.route(/^https:\/\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Retailer</title><p>Retailer</p>' }));

  await page.goto(GUIDE);
  const shown = page.locator('[data-product-block-shown="table"]');
  const comparison = shown.getByRole('region', { name: /^Comparison of/ });
  await expect(comparison.getByRole('columnheader')).toHaveCount(table.ids.length);
  const disclosedFirst = await page
    .locator('[data-affiliate-disclosure]')
    .first()
    .evaluate((disclosure) => Boolean(disclosure.compareDocumentPosition(document.querySelector('[data-product-block-shown]')!) & Node.DOCUMENT_POSITION_FOLLOWING));
  expect(disclosedFirst).toBe(true);

  const [first] = table.ids as [number];
  const buy = comparison.locator(`a[data-track-click="${first}"]`);
  await expect(buy).toHaveAttribute('rel', 'sponsored noopener');
  await expect(buy).toHaveAttribute('target', '_blank');
  const { body: beacon } = await follow(page, buy);
  expect(beacon).toMatchObject({ productId: first, event: 'click', pagePath: GUIDE });
  expect(isClickId(beacon.clickId)).toBe(true);
});
