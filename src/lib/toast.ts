/**
 * Toasts from any script, React or not: messages go through a window event to
 * the page's one Toaster (mounted by toaster-loader.ts), and a "flash" survives a
 * navigation in sessionStorage.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  /** 'warning': the action ran but did less than asked (a draft instead of a product, a bulk change that changed nothing). */
  variant?: 'default' | 'success' | 'warning' | 'error';
  /** A toast with the id of one still shown replaces it; dismissToast(id) removes it. */
  id?: string;
  /** A button in the toast (sonner's action), e.g. Undo. Not carried over by flashToast. */
  action?: { label: string; onClick: () => void };
  /** How long it stays, in ms, when not the Toaster's default. */
  duration?: number;
}

export const TOAST_EVENT = 'repwell:toast';
export const TOAST_DISMISS_EVENT = 'repwell:toast-dismiss';
const FLASH_KEY = 'repwell-flash';

declare global {
  interface Window {
    /** Toasts raised before the Toaster mounted; it shows them when it does. */
    __repwellToasts?: ToastMessage[];
  }
}

export function toast(message: ToastMessage): void {
  (window.__repwellToasts ??= []).push(message);
  window.dispatchEvent(new Event(TOAST_EVENT));
}

/** Removes the toast with this id, shown or still waiting for the Toaster (sonner's toast.dismiss). */
export function dismissToast(id: string): void {
  if (window.__repwellToasts) window.__repwellToasts = window.__repwellToasts.filter((message) => message.id !== id);
  window.dispatchEvent(new CustomEvent<string>(TOAST_DISMISS_EVENT, { detail: id }));
}

/** Shows the message on the next page this tab opens. */
export function flashToast(message: ToastMessage): void {
  try {
    const { action: _action, ...carried } = message;
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(carried));
  } catch {
    // Without storage the message is simply not carried over.
  }
}

export function takeFlashToast(): ToastMessage | undefined {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return raw ? (JSON.parse(raw) as ToastMessage) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a toast raised before the Toaster mounted is waiting to be shown. */
export function hasWaitingToasts(): boolean {
  return (window.__repwellToasts?.length ?? 0) > 0;
}

export function takeQueuedToasts(): ToastMessage[] {
  const queued = window.__repwellToasts ?? [];
  window.__repwellToasts = [];
  return queued;
}
