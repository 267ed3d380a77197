/**
 * The Save button of every card a page drew at build time (product-card-html.ts), hydrated when someone reaches for it
 * (src/lib/when-reached-for.ts, the rule `client:interaction` islands follow) or, for a signed-in reader, when it is
 * seen: one set of listeners for the page instead of an Astro island per card, whose loader, props and second render
 * were a quarter of a catalogue page's rendering and a tenth of its HTML.
 *
 * Each button's host carries `data-await-script` in the HTML, so the early-click script (src/lib/early-clicks.ts) holds
 * a click until the button works: markScriptReady once hydrated. A click held before this module ran (it runs after
 * the page is parsed) starts that button's hydration at once.
 */
import { EARLY_CLICKS, markScriptReady } from '../../lib/script-ready.ts';
import { whenEachReachedFor } from '../../lib/when-reached-for.ts';

export const CARD_SAVE_ATTRIBUTE = 'data-card-save';

export function loadCardSavesWhenReachedFor(doc: Document = document): void {
  const selector = `[${CARD_SAVE_ATTRIBUTE}]`;
  const startNow = whenEachReachedFor(doc, selector, (host) => {
    const productId = Number(host.dataset['productId']);
    const productName = host.dataset['productName'] ?? '';
    void import('../../islands/card-save/hydrate-card-save.tsx').then(({ hydrateCardSave }) =>
      hydrateCardSave(host, productId, productName, () => markScriptReady(host)),
    );
  });
  for (const held of doc.querySelectorAll(`${selector} [${EARLY_CLICKS.pendingAttribute}]`)) {
    const host = held.closest<HTMLElement>(selector);
    if (host) startNow(host);
  }
}
