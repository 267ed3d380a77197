/**
 * Starts something when someone reaches for an element (a press, focus, a key or a click inside it) rather than with
 * the page, or as soon as it is seen when <html> says a reader is signed in (AuthBootstrap.astro marks it before the
 * first paint), since a signed-in reader's controls show personal state (Saved, Bookmarked). ARCHITECTURE section 9:
 * React loads only where an island needs it at first paint, or on first interaction.
 *
 * Listening on window in the capture phase hears a click before the early-click script (src/lib/early-clicks.ts)
 * holds it at the document. Used by `client:interaction` (src/directives/interaction.ts) and by the product page's
 * Share and Save, which hydrate without an Astro island (src/components/product/product-actions-loader.ts).
 */
const EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

/** Calls `start` once, on the first of those; returns a function that starts it now (same once). */
export function whenReachedFor(element: Element, start: () => Promise<void>): () => void {
  let started = false;
  let observer: IntersectionObserver | undefined;
  const begin = () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) window.removeEventListener(type, onEvent, true);
    observer?.disconnect();
    void start();
  };
  const onEvent = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) begin();
  };
  for (const type of EVENTS) window.addEventListener(type, onEvent, true);
  if (document.documentElement.dataset['auth'] === 'signed-in') {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) begin();
    });
    for (const child of element.children) observer.observe(child);
  }
  return begin;
}
