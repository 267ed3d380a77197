/**
 * Code an island loads when someone reaches for a control rather than with the page (ARCHITECTURE section 9: the
 * catalogue ships at most 100 KB of JavaScript; React Query behind Save and Radix behind the quiz wait for first
 * interaction). A control whose code is not there yet sits in an element marked `data-await-script`, so the
 * early-click script (src/lib/early-clicks.ts) holds a click on it and carries it out once the code has arrived
 * (spec section 9: no control is shown before it works).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { EARLY_CLICKS, markScriptReady } from '../lib/script-ready.ts';

export interface OnDemand<T> {
  /** The module once it has loaded, so controls drawn after that use it at once. */
  readonly value: T | undefined;
  load(): Promise<T>;
}

/** One import() shared by every control that needs the module; a failed load (a deploy replaced the file) may be tried again. */
export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    get value() {
      return value;
    },
    load() {
      pending ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** The attributes and handlers of the element around a control that needs `code`: intent starts the download. */
export interface IntentGate {
  ref: RefObject<HTMLSpanElement | null>;
  /** Present until the code has loaded: the early-click script holds clicks inside (script-ready.ts). */
  'data-await-script'?: '';
  onPointerEnter: () => void;
  onPointerDown: () => void;
  onFocus: () => void;
  onKeyDown: () => void;
}

/**
 * The module behind a control, loaded on the first pointer, focus or key on its gate (or at once when `now`), and the
 * gate's props. When the module arrives the gate's held click is replayed; focus that was inside the gate stays
 * there, on the control drawn in the placeholder's place.
 */
export function useOnDemand<T>(code: OnDemand<T>, now = false): { loaded: T | undefined; request: () => void; gate: IntentGate } {
  const [loaded, setLoaded] = useState(() => code.value);
  const ref = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  const request = useCallback(() => {
    if (loaded !== undefined) return;
    code.load().then(
      (value) => {
        refocus.current = ref.current?.contains(document.activeElement) ?? false;
        setLoaded(() => value);
      },
      // chunk-recovery.ts reloads the page when the file is gone; the held click is then moot.
      () => undefined,
    );
  }, [code, loaded]);

  // A click held before the island hydrated came with a pointer React did not see: it is intent all the same.
  useEffect(() => {
    if (now || ref.current?.querySelector(`[${EARLY_CLICKS.pendingAttribute}]`)) request();
  }, [now, request]);

  // Before the paint that shows the loaded control, so focus never drops to the page in between.
  useLayoutEffect(() => {
    if (loaded === undefined || !ref.current) return;
    if (refocus.current) {
      refocus.current = false;
      const control = ref.current.querySelector<HTMLElement>('button, [tabindex]');
      if (control && !ref.current.contains(document.activeElement)) control.focus();
    }
    markScriptReady(ref.current);
  }, [loaded]);

  const gate: IntentGate = { ref, onPointerEnter: request, onPointerDown: request, onFocus: request, onKeyDown: request };
  if (loaded === undefined) gate['data-await-script'] = '';
  return { loaded, request, gate };
}
