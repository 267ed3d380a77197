/**
 * When the desktop mega menu opens and closes under the pointer (spec section 9, navigation menu
 * delays), the model Radix NavigationMenu follows, without React: hovering a trigger opens its
 * panel after `openMs`, or at once while another panel is open or one closed less than `skipMs`
 * ago; leaving the trigger or the panel closes it `closeMs` later unless the pointer comes back; a
 * click toggles, and a panel closed by a click or Escape does not reopen under the resting pointer
 * until it has left the trigger. Plain state and timers, so the rules are unit-tested with fake timers.
 */
export interface MenuDelays {
  openMs: number;
  skipMs: number;
  closeMs: number;
}

export interface MenuIntent {
  /** The open entry, '' when none. */
  readonly value: string;
  /** The pointer (a mouse) moved over this entry's trigger. */
  pointerOverTrigger(entry: string): void;
  /** The pointer left a trigger or a panel. */
  pointerLeave(entry: string): void;
  /** The pointer is over an open panel: it stays open. */
  pointerOverPanel(): void;
  /** A click (or Enter, Space) on the trigger. */
  toggle(entry: string): void;
  /** Escape, focus or a click elsewhere: closes at once. */
  close(options?: { byKeyboard?: boolean }): void;
}

export function createMenuIntent(delays: MenuDelays, onChange: (value: string) => void): MenuIntent {
  let value = '';
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let skipTimer: ReturnType<typeof setTimeout> | undefined;
  /** Within skipMs of a panel closing: the next one opens without the open delay. */
  let skipping = false;
  /** Closed by a click or Escape while the pointer rests on its trigger: hovering does not reopen it. */
  let heldShut = '';

  const clearPending = () => {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
  };
  const set = (next: string) => {
    if (next === value) return;
    const wasOpen = value !== '';
    value = next;
    clearTimeout(skipTimer);
    if (next === '' && wasOpen) {
      skipping = true;
      skipTimer = setTimeout(() => (skipping = false), delays.skipMs);
    }
    onChange(next);
  };

  return {
    get value() {
      return value;
    },
    pointerOverTrigger(entry) {
      if (heldShut === entry) return;
      clearTimeout(closeTimer);
      if (value === entry) return;
      clearTimeout(openTimer);
      if (value !== '' || skipping) set(entry);
      else openTimer = setTimeout(() => set(entry), delays.openMs);
    },
    pointerLeave(entry) {
      if (heldShut === entry) heldShut = '';
      clearPending();
      if (value !== '') closeTimer = setTimeout(() => set(''), delays.closeMs);
    },
    pointerOverPanel() {
      clearTimeout(closeTimer);
    },
    toggle(entry) {
      clearPending();
      if (value === entry) {
        heldShut = entry;
        set('');
      } else {
        heldShut = '';
        set(entry);
      }
    },
    close(options) {
      clearPending();
      if (options?.byKeyboard) heldShut = value;
      set('');
    },
  };
}
