/**
 * Back (spec section 2: history back): a visitor who came from another page of this site goes back to it, with its
 * scroll position and filters, instead of following the link to the catalogue. One listener on the document for every
 * `a[data-back-link]`, installed by the head's early script file (src/integrations/head-script.ts), so it is there
 * before the link is and costs no inline script in each product page's HTML.
 *
 * It runs as a classic script in <head>, so it must not refer to anything outside itself.
 */
export function installBackLink(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const target = event.target;
    const link = target instanceof Element ? target.closest('a[data-back-link]') : null;
    if (!link || event.defaultPrevented) return;
    let sameSite: boolean;
    try {
      sameSite = doc.referrer !== '' && new URL(doc.referrer).origin === window.location.origin;
    } catch {
      sameSite = false;
    }
    if (!sameSite || window.history.length < 2 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    window.history.back();
  });
}
