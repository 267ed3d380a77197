/**
 * Hydrates the product page's Share and Save (src/islands/product/product-actions-root.tsx) when someone reaches for
 * them (src/lib/when-reached-for.ts, the rule `client:interaction` islands follow), loading React only then.
 *
 * Their container carries `data-await-script` in the HTML, so the early-click script (src/lib/early-clicks.ts) holds a
 * click on either button until they work: markScriptReady once hydrated. A click held before this module ran (it runs
 * after the page is parsed) starts hydration at once.
 */
import { EARLY_CLICKS, markScriptReady } from '../../lib/script-ready.ts';
import { whenReachedFor } from '../../lib/when-reached-for.ts';

export const PRODUCT_ACTIONS_SELECTOR = '[data-product-actions]';

export function loadProductActionsWhenReachedFor(doc: Document = document): void {
  const host = doc.querySelector<HTMLElement>(PRODUCT_ACTIONS_SELECTOR);
  if (!host) return;
  const productId = Number(host.dataset['productId']);
  const productName = host.dataset['productName'] ?? '';
  const startNow = whenReachedFor(host, async () => {
    const { hydrateProductActions } = await import('../../islands/product/hydrate-product-actions.tsx');
    hydrateProductActions(host, productId, productName, () => markScriptReady(host));
  });
  if (host.querySelector(`[${EARLY_CLICKS.pendingAttribute}]`)) startNow();
}
