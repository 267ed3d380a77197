/**
 * Keeps a click that lands on a control before its script is ready, and carries it out once it is
 * (spec section 9: no control is shown before it works). Islands are server-rendered HTML that
 * works only after Astro hydrates it; the header's and cookie banner's buttons work only after
 * their module scripts run. On a slow phone either can take seconds after the button is on screen.
 *
 * A control waits for one of two things:
 * - an Astro island: the closest `astro-island` still carries `ssr`, which Astro removes, and then
 *   dispatches `astro:hydrate` on the island, once the framework has been handed the HTML
 *   (astro/dist/runtime/server/astro-island.js). @astrojs/react hydrates in a transition, so the
 *   click is replayed when the browser is next idle after that event;
 * - a module script: an element marked `data-await-script` until the script calls
 *   markScriptReady (script-ready.ts).
 *
 * An island that has typed text or held clicks to hand over still waits after `astro:hydrate`, until
 * they have been: Astro fires that event as soon as it has handed React the HTML, and React hydrates
 * later, in a transition. A click in between (Enter pressed in a field typed into before hydration,
 * on a busy machine) would reach a component whose state has not yet been handed the typed text.
 *
 * Links and text fields are left alone (a link works without JavaScript; a field can take focus
 * and typing); buttons, checkboxes, radios and form submits inside a waiting control are held:
 * the click is cancelled, the control shows a busy cursor and `aria-busy`, and the click is
 * replayed on the same element (hydration keeps the server's DOM) as pointer, mouse and click
 * events, since some widgets open on pointerdown (Radix menus) or mousedown (Radix tabs). Text
 * typed into an island's field before it hydrated is handed to the framework first, so a replayed
 * submit sees it. Only the latest click per control is kept, and a click on a control that is no
 * longer in the page is dropped.
 *
 * The function runs as an inline script in <head> (EarlyClicks.astro), before any island or
 * module script, so it must not refer to anything outside itself: its settings come as `config`.
 */

export interface EarlyClicksConfig {
  /** Marks an element (the control or a container) whose module script is not ready yet. */
  awaitAttribute: string;
  /** The event markScriptReady dispatches on that element. */
  readyEvent: string;
  /** Set on a control while its click is held; styled with a busy cursor. */
  pendingAttribute: string;
  /**
   * Set on a control while its held click is replayed: a control whose meaning depends on what the page could not know
   * when it was clicked (Save, which the static page always shows unsaved) carries the click out as it was shown.
   */
  replayAttribute: string;
}

export function installEarlyClicks(doc: Document, config: EarlyClicksConfig): void {
  interface Pending {
    control: Element;
    gate: Element;
    kind: 'click' | 'submit';
    /** Where the control sat in its gate, to find it again if the framework re-created it. */
    index: number;
    text: string | null;
  }

  const held: Pending[] = [];
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  /**
   * Fields typed into before their island took over, with what they held after the last input: the framework's first
   * render may write its own (empty) state into a field, so the value is kept as the visitor left it.
   */
  const dirty = new Map<Field, string>();
  /** Islands Astro has hydrated whose held clicks and typed text have not been handed over yet. */
  const settling = new Set<Element>();
  const HELD_CONTROLS =
    'button, input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="image"], input[type="reset"], input[type="button"], summary, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"]';
  const PASSING = 'a[href], label, input, select, textarea';

  /** The island or script-driven element a target waits for, or null when it is ready. */
  function gateOf(target: Element): Element | null {
    const waiting = target.closest(`[${config.awaitAttribute}]`);
    if (waiting) return waiting;
    const island = target.closest('astro-island');
    return island && (island.hasAttribute('ssr') || settling.has(island)) ? island : null;
  }

  /** The control a click means, when it is one that needs its script. */
  function heldControl(target: Element): Element | null {
    const control = target.closest(`${HELD_CONTROLS}, ${PASSING}`);
    if (!control || !control.matches(HELD_CONTROLS)) return null;
    return control;
  }

  function setBusy(control: Element, busy: boolean): void {
    if (busy) {
      control.setAttribute(config.pendingAttribute, '');
      control.setAttribute('aria-busy', 'true');
    } else {
      control.removeAttribute(config.pendingAttribute);
      control.removeAttribute('aria-busy');
    }
  }

  /** Starts downloading the island's code now rather than when the browser next idles. */
  function preload(gate: Element): void {
    for (const name of ['component-url', 'renderer-url']) {
      const url = gate.getAttribute(name);
      if (!url || doc.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) continue;
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = url;
      doc.head.append(link);
    }
  }

  function hold(control: Element, gate: Element, kind: Pending['kind']): void {
    const existing = held.findIndex((entry) => entry.control === control);
    if (existing !== -1) held.splice(existing, 1);
    const peers = Array.from(gate.querySelectorAll(control.localName));
    held.push({ control, gate, kind, index: peers.indexOf(control), text: control.textContent });
    setBusy(control, true);
    if (gate.localName === 'astro-island') preload(gate);
  }

  /** The held control, or the element that took its place when the framework re-rendered it. */
  function current(entry: Pending): Element | null {
    if (entry.control.isConnected) return entry.control;
    if (!entry.gate.isConnected) return null;
    const candidate = entry.gate.querySelectorAll(entry.control.localName)[entry.index];
    return candidate && candidate.textContent === entry.text ? candidate : null;
  }

  function valueSetter(field: HTMLInputElement | HTMLTextAreaElement): ((value: string) => void) | undefined {
    const prototype = field.localName === 'textarea' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    return Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  }

  /**
   * Sends an event and tells whether it got through: React stops the propagation of an event that
   * reaches a root it has not finished hydrating, and drops it.
   */
  function reached(field: Field, type: string): boolean {
    let through = false;
    const see = () => (through = true);
    doc.addEventListener(type, see);
    field.dispatchEvent(new Event(type, { bubbles: true }));
    doc.removeEventListener(type, see);
    return through;
  }

  /**
   * Tells the island's framework about text typed or options chosen before it hydrated. React
   * keeps its own state, starts from the server's empty one, writes it back into the field on its
   * first render, and fires onChange only when the DOM value differs from the one it last saw: so
   * the value is put back and reported as a change. False when the framework was not listening yet.
   */
  function handOver(field: Field, value: string): boolean {
    if (field.localName === 'select') {
      field.value = value;
      return reached(field, 'change');
    }
    const setter = valueSetter(field as HTMLInputElement | HTMLTextAreaElement);
    if (!setter) return true;
    // A first event makes React hydrate the field now, if it has not, so it tracks the value from here on.
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.value = value === '' ? ' ' : '';
    setter.call(field, value);
    return reached(field, 'input');
  }

  function replay(control: Element, kind: Pending['kind']): void {
    if (kind === 'submit') {
      if (control instanceof HTMLFormElement) control.requestSubmit();
      return;
    }
    const box = control.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, composed: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, button: 0 };
    const pointer = { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true };
    control.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
    control.dispatchEvent(new MouseEvent('mousedown', { ...at, buttons: 1 }));
    control.dispatchEvent(new PointerEvent('pointerup', pointer));
    control.dispatchEvent(new MouseEvent('mouseup', at));
    // Handlers run inside click(), so the mark is there for them and gone after.
    control.setAttribute(config.replayAttribute, '');
    try {
      (control as HTMLElement).click();
    } finally {
      control.removeAttribute(config.replayAttribute);
    }
  }

  /** False when the fields could not be handed over yet: try again later. */
  function release(gate: Element, carryOut: boolean, typed: Map<Field, string>): boolean {
    let handed = true;
    for (const [field, value] of typed) if (field.isConnected && !handOver(field, value)) handed = false;
    if (!handed) return false;
    // Ready from here on: the replayed clicks below, and any later one, go straight through, and what the hand-over's
    // own input events recorded is not kept for later.
    settling.delete(gate);
    takeTyped(gate);
    const due = held.filter((entry) => entry.gate === gate);
    for (const entry of due) {
      held.splice(held.indexOf(entry), 1);
      setBusy(entry.control, false);
      const control = carryOut ? current(entry) : null;
      if (control) replay(control, entry.kind);
    }
    return true;
  }

  /**
   * When the browser is idle: React hydrates in a transition, in tasks of its own, and drops an
   * event that reaches the island before that work is done (seen on the catalogue). Idle comes
   * after those tasks; the timeout bounds the wait on a page that is never idle.
   */
  function whenIdle(run: () => void): void {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 100);
  }

  /** The text typed into the gate's fields so far, no longer counted as waiting. */
  function takeTyped(gate: Element): Map<Field, string> {
    const typed = new Map<Field, string>();
    for (const [field, value] of dirty) {
      if (!gate.contains(field)) continue;
      dirty.delete(field);
      typed.set(field, value);
    }
    return typed;
  }

  function ready(event: Event): void {
    const gate = event.target;
    if (!(gate instanceof Element)) return;
    // Only an island with something to hand over keeps waiting: a click on one without typed text or held clicks
    // reaches React, which hydrates at once for it, as it always did.
    if (gate.localName === 'astro-island' && (held.some((entry) => entry.gate === gate) || [...dirty.keys()].some((field) => gate.contains(field)))) {
      settling.add(gate);
    }
    const typed = new Map<Field, string>();
    let tries = 0;
    const attempt = () => {
      // Text typed while the island settled counts too, and the latest value of a field wins.
      for (const [field, value] of takeTyped(gate)) typed.set(field, value);
      if (!release(gate, true, typed) && ++tries < 10) whenIdle(attempt);
      else if (tries >= 10) release(gate, true, new Map());
    };
    whenIdle(attempt);
  }

  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const control = heldControl(target);
      const gate = control && gateOf(control);
      if (!control || !gate) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hold(control, gate, 'click');
    },
    true,
  );

  // A form sent without a click on its button (Enter in a form without one).
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const gate = gateOf(form);
      if (!gate) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      hold(form, gate, 'submit');
    },
    true,
  );

  const changed = (event: Event) => {
    const field = event.target;
    // Untrusted too: autofill and password managers set fields with synthetic events.
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
    const island = field.closest('astro-island');
    if (island && (island.hasAttribute('ssr') || settling.has(island))) dirty.set(field, field.value);
  };
  doc.addEventListener('input', changed, true);
  doc.addEventListener('change', changed, true);

  // Neither event bubbles; listening in the capture phase hears them from every element.
  doc.addEventListener('astro:hydrate', ready, true);
  doc.addEventListener(config.readyEvent, ready, true);
  doc.addEventListener(
    'astro:hydration-error',
    (event) => {
      if (event.target instanceof Element) release(event.target, false, new Map());
    },
    true,
  );
}
