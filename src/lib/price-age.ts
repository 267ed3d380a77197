/**
 * Hides a price once it is stale on a page built while it was fresh (a static page outlives its build): every element
 * carrying `data-price-stale-at` (epoch ms; the product page's article, each product card) is marked
 * `data-price-stale` once that moment has passed, and the site's CSS (src/styles/global.css) then hides what is marked
 * `data-price-fresh` (amount, stamp, saving, countdown) and shows the 'Check price on {retailer}' wording. Checked when
 * the page is read and every minute after. Without JavaScript the stamp stays beside the price and tells its age.
 *
 * It runs from the head's early script file (src/integrations/head-script.ts), so it must not refer to anything outside
 * itself. Cards the catalogue island draws later decide for themselves (ProductCardView's cardOffer).
 */
export function installPriceAge(doc: Document): void {
  const mark = () => {
    const now = Date.now();
    for (const element of doc.querySelectorAll('[data-price-stale-at]:not([data-price-stale])')) {
      if (now >= Number(element.getAttribute('data-price-stale-at'))) element.setAttribute('data-price-stale', '');
    }
  };
  doc.addEventListener('DOMContentLoaded', mark);
  setInterval(mark, 60_000);
}
