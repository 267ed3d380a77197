/** The page's one toast region (sonner: 3 visible, 4000 ms, as the spec's defaults). */
import { useEffect } from 'react';
import { Toaster as Sonner, toast as show } from 'sonner';
import { TOAST_DISMISS_EVENT, TOAST_EVENT, takeQueuedToasts, type ToastMessage } from '../lib/toast.ts';

const TOAST_GAP_PX = 12;
/** Sonner's own offsets from the top, where no site header moves them down. */
const OFFSET = { top: 'var(--toast-top, 24px)' };
const MOBILE_OFFSET = { top: 'var(--toast-top, 16px)' };

/**
 * Toasts open just below the site's sticky header, not over its Sign Out, search or menu button: a toast under the
 * pointer pauses (sonner), so one shown over a control kept it covered for as long as the shopper aimed at it. Read
 * when a toast is shown, because the account bar above the header scrolls away. Pages without the site header (the
 * admin panel) keep sonner's own offsets.
 */
function placeBelowHeader(): void {
  const header = document.querySelector('[data-site-header]');
  if (!header) return;
  const bottom = Math.max(0, Math.round(header.getBoundingClientRect().bottom));
  document.documentElement.style.setProperty('--toast-top', `${bottom + TOAST_GAP_PX}px`);
}

function display(message: ToastMessage): void {
  placeBelowHeader();
  const options = { description: message.description, ...(message.id ? { id: message.id } : {}) };
  if (message.variant === 'error') show.error(message.title, options);
  else if (message.variant === 'success') show.success(message.title, options);
  else show(message.title, options);
}

/**
 * Screen readers announce changes to a live region they already know, not content that arrives
 * with the region itself; toasts that waited for the Toaster to mount are shown this long after.
 */
const LIVE_REGION_SETTLE_MS = 250;

export default function Toaster() {
  useEffect(() => {
    const drain = () => takeQueuedToasts().forEach(display);
    const dismiss = (event: Event) => show.dismiss((event as CustomEvent<string>).detail);
    window.addEventListener(TOAST_DISMISS_EVENT, dismiss);
    const settle = setTimeout(() => {
      drain();
      window.addEventListener(TOAST_EVENT, drain);
    }, LIVE_REGION_SETTLE_MS);
    return () => {
      clearTimeout(settle);
      window.removeEventListener(TOAST_EVENT, drain);
      window.removeEventListener(TOAST_DISMISS_EVENT, dismiss);
    };
  }, []);
  return <Sonner visibleToasts={3} duration={4000} position="top-right" offset={OFFSET} mobileOffset={MOBILE_OFFSET} richColors closeButton />;
}
