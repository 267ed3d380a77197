/**
 * Hides a price once it is stale on a page built while it was fresh (a static page outlives its build): every element
 * carrying `data-price-stale-at` (epoch ms; the product page's article, each product card) is marked
 * `data-price-stale` once that moment has passed, and the site's CSS (src/styles/global.css) then hides what is marked
 * `data-price-fresh` (amount, stamp, saving, countdown) and shows the 'Check price on {retailer}' wording. Checked when
 * the page is read and every minute after. Without JavaScript the stamp stays beside the price and tells its age.
 *
 * The product page's structured data carries the same mark: once stale, its offer is taken out, since a page that
 * shows no price offers none (Google reads structured data after scripts run, and wants it to match the page).
 *
 * It runs from the head's early script file (src/integrations/head-script.ts), so it must not refer to anything outside
 * itself. Cards the catalogue island draws later decide for themselves (ProductCardView's cardOffer).
 */
export function installPriceAge(doc: Document): void {
  const withoutOffers = (data: unknown): unknown => {
    if (Array.isArray(data)) return data.map(withoutOffers);
    if (data && typeof data === 'object' && 'offers' in data) {
      const { offers: _stale, ...rest } = data as Record<string, unknown>;
      return rest;
    }
    return data;
  };
  const mark = () => {
    const now = Date.now();
    for (const element of doc.querySelectorAll('[data-price-stale-at]:not([data-price-stale])')) {
      if (now < Number(element.getAttribute('data-price-stale-at'))) continue;
      element.setAttribute('data-price-stale', '');
      if (element.tagName === 'SCRIPT') {
        try {
          element.textContent = JSON.stringify(withoutOffers(JSON.parse(element.textContent ?? '')));
        } catch {
          // Not JSON: nothing to take out.
        }
      }
    }
  };
  doc.addEventListener('DOMContentLoaded', mark);
  setInterval(mark, 60_000);
}
