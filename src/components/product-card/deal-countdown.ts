/**
 * <deal-countdown data-ends="{epoch ms}">: the card's "Deal ends in {n}h" badge, computed in
 * the browser because pages are static (see src/domain/product-display/deal.ts).
 *
 * The text lives in a shadow root and the element shows itself through a `data-hours`
 * attribute, so the light DOM that Astro or React rendered is never changed: hydrating an
 * island over a card cannot hit a text mismatch. It sits over the card's image, so appearing
 * late moves nothing (no layout shift). Colours come from the page's theme variables.
 */
import { dealHoursLeft, dealLabel } from '../../domain/product-display/deal.ts';

/**
 * The pill is drawn by the inner span, not by :host: the page's reset (Tailwind's preflight sets
 * `padding: 0` on every element) outranks a :host rule, because styles from outside a shadow
 * tree win over the tree's own :host styles, which left the text touching the rounded edge.
 * Red is the sale colour (src/domain/product-display/badge-meaning.ts).
 */
const STYLE = `:host{display:none}:host([data-hours]){display:inline-flex}span{display:inline-flex;align-items:center;border-radius:9999px;background:var(--color-sale,#c0261d);color:#fff;padding:.125rem .5rem;font-size:.75rem;line-height:1rem;font-weight:700;white-space:nowrap}`;
const REFRESH_MS = 60_000;

const live = new Set<{ refresh(now: number): void }>();
let timer: ReturnType<typeof setInterval> | undefined;

function refreshAll(): void {
  const now = Date.now();
  for (const element of live) element.refresh(now);
}

let sheet: CSSStyleSheet | undefined;

/** One constructed style sheet shared by every badge (no <style> element per card). */
function sharedSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** Declared inside a function: HTMLElement does not exist where the server renders. */
function createElementClass(): CustomElementConstructor {
  return class DealCountdown extends HTMLElement {
    readonly #text: Text;

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      // In a span, so the text belongs to an element (as tools that find text by element expect).
      const label = document.createElement('span');
      this.#text = document.createTextNode('');
      label.append(this.#text);
      root.append(label);
      root.adoptedStyleSheets = [sharedSheet()];
    }

    connectedCallback(): void {
      live.add(this);
      this.refresh(Date.now());
      timer ??= setInterval(refreshAll, REFRESH_MS);
    }

    disconnectedCallback(): void {
      live.delete(this);
      if (live.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    }

    refresh(now: number): void {
      const hours = dealHoursLeft(Number(this.getAttribute('data-ends')), now);
      if (hours === null) {
        this.removeAttribute('data-hours');
        this.#text.data = '';
      } else {
        if (this.getAttribute('data-hours') !== String(hours)) this.setAttribute('data-hours', String(hours));
        this.#text.data = dealLabel(hours);
      }
    }
  };
}

/** Defines the element once; safe to call from several bundles and during server rendering (no-op there). */
export function defineDealCountdown(): void {
  if (typeof customElements === 'undefined' || customElements.get('deal-countdown')) return;
  customElements.define('deal-countdown', createElementClass());
}
