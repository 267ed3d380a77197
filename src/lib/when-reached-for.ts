/**
 * Starts something when someone reaches for an element (a press, focus, a key or a click inside it) rather than with
 * the page, or as soon as it is seen when <html> says a reader is signed in (AuthBootstrap.astro marks it before the
 * first paint), since a signed-in reader's controls show personal state (Saved, Bookmarked). ARCHITECTURE section 9:
 * React loads only where an island needs it at first paint, or on first interaction.
 *
 * Listening on window in the capture phase hears a click before the early-click script (src/lib/early-clicks.ts)
 * holds it at the document. Used by `client:interaction` (src/directives/interaction.ts), by the product page's
 * Share and Save, which hydrate without an Astro island (src/components/product/product-actions-loader.ts), and by the
 * cards' Save buttons (whenEachReachedFor, src/components/product-card/card-save-loader.ts).
 */
const EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

const signedIn = () => document.documentElement.dataset['auth'] === 'signed-in';

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
  if (signedIn()) {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) begin();
    });
    for (const child of element.children) observer.observe(child);
  }
  return begin;
}

/**
 * The same rule for every element that matches `selector`, with one set of listeners for the page (a catalogue page
 * shows dozens of cards): `start` runs once per element, for those in the page now and those added later (the
 * catalogue island puts its static grid back). Returns a function that starts one element now (same once).
 */
export function whenEachReachedFor(doc: Document, selector: string, start: (element: HTMLElement) => void): (element: HTMLElement) => void {
  const started = new WeakSet<Element>();
  let observer: IntersectionObserver | undefined;
  const begin = (element: HTMLElement) => {
    if (started.has(element)) return;
    started.add(element);
    observer?.unobserve(boxOf(element));
    start(element);
  };
  const onEvent = (event: Event) => {
    const element = event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null;
    if (element) begin(element);
  };
  for (const type of EVENTS) window.addEventListener(type, onEvent, true);
  if (signedIn()) {
    const seen = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const element = entry.isIntersecting ? entry.target.closest<HTMLElement>(selector) : null;
        if (element) begin(element);
      }
    });
    observer = seen;
    const observeWithin = (root: ParentNode) => root.querySelectorAll<HTMLElement>(selector).forEach((element) => seen.observe(boxOf(element)));
    observeWithin(doc);
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector)) seen.observe(boxOf(node));
          observeWithin(node);
        }
      }
    }).observe(doc.body, { childList: true, subtree: true });
  }
  return begin;
}

/** What an IntersectionObserver can see of an element laid out as `display: contents` (it has no box of its own). */
function boxOf(element: Element): Element {
  return element.firstElementChild ?? element;
}
