/** The page's one toast region (sonner: 3 visible, 4000 ms, as the spec's defaults). */
import { useEffect, useState } from 'react';
import { Toaster as Sonner, toast as show } from 'sonner';
import { TOAST_DISMISS_EVENT, TOAST_EVENT, takeQueuedToasts, type ToastMessage } from '../lib/toast.ts';

/**
 * Toasts open just below the page's sticky header (the element marked data-toasts-below: the site's header, the admin
 * panel's), not over its Sign Out, search or menu button: a toast under the pointer pauses (sonner), so one shown over
 * a control kept it covered for as long as the user aimed at it. Pages without such a header keep sonner's offsets.
 */
const TOASTS_BELOW = '[data-toasts-below]';
const TOAST_GAP_PX = 12;

function belowHeader(): number | undefined {
  const header = document.querySelector(TOASTS_BELOW);
  return header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) + TOAST_GAP_PX : undefined;
}

function display(message: ToastMessage): void {
  const options = {
    description: message.description,
    ...(message.id ? { id: message.id } : {}),
    ...(message.action ? { action: message.action } : {}),
    ...(message.duration ? { duration: message.duration } : {}),
  };
  if (message.variant === 'error') show.error(message.title, options);
  else if (message.variant === 'success') show.success(message.title, options);
  else if (message.variant === 'warning') show.warning(message.title, options);
  else show(message.title, options);
}

/**
 * Screen readers announce changes to a live region they already know, not content that arrives
 * with the region itself; toasts that waited for the Toaster to mount are shown this long after.
 */
const LIVE_REGION_SETTLE_MS = 250;

export default function Toaster() {
  // The header's bottom moves: the site's account bar above it scrolls away, and appears once the session is known.
  // Measured as the page scrolls or resizes (once a frame at most) and before toasts are shown.
  const [top, setTop] = useState(belowHeader);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setTop(belowHeader());
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const drain = () => {
      // Not measure(): that clears the frame a pending scroll measurement holds, and cleanup could not cancel it.
      setTop(belowHeader());
      takeQueuedToasts().forEach(display);
    };
    const dismiss = (event: Event) => show.dismiss((event as CustomEvent<string>).detail);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    window.addEventListener(TOAST_DISMISS_EVENT, dismiss);
    const settle = setTimeout(() => {
      drain();
      window.addEventListener(TOAST_EVENT, drain);
    }, LIVE_REGION_SETTLE_MS);
    return () => {
      clearTimeout(settle);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      window.removeEventListener(TOAST_EVENT, drain);
      window.removeEventListener(TOAST_DISMISS_EVENT, dismiss);
    };
  }, []);
  const offset = top === undefined ? undefined : { top };
  return <Sonner visibleToasts={3} duration={4000} position="top-right" offset={offset} mobileOffset={offset} richColors closeButton />;
}
