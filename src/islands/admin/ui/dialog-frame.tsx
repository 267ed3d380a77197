/**
 * The frames every admin dialog and sheet is drawn in, so each one fits a 390 px phone as well as a desktop: never
 * wider or taller than the screen (it scrolls inside itself instead), and a close button that is a real target.
 *
 *   <Dialog.Overlay className={overlayClass} />
 *   <Dialog.Content className={dialogFrame('md')}>…<CloseButton /></Dialog.Content>
 *   <Dialog.Content className={sheetFrame('lg')}>…</Dialog.Content>
 */
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { ui } from '../../ui.ts';

export const overlayClass = 'fixed inset-0 z-50 bg-black/40';

// Whole class names, so Tailwind finds them in this file.
const dialogWidths = {
  sm: 'w-[min(28rem,calc(100vw-2rem))]',
  md: 'w-[min(32rem,calc(100vw-2rem))]',
  lg: 'w-[min(56rem,calc(100vw-2rem))]',
} as const;

const sheetWidths = {
  md: 'w-[min(48rem,100vw)]',
  lg: 'w-[min(56rem,100vw)]',
} as const;

/** A dialog centred on the screen, 1 rem clear of each edge at most, scrolling inside itself when its content is taller. */
export function dialogFrame(size: keyof typeof dialogWidths): string {
  return `${ui.card} fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] ${dialogWidths[size]} -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto overscroll-contain p-4 sm:p-6`;
}

/** A sheet along the right edge, the whole screen on a phone; its content scrolls inside it. */
export function sheetFrame(size: keyof typeof sheetWidths): string {
  return `fixed inset-y-0 right-0 z-50 flex h-dvh ${sheetWidths[size]} max-w-full flex-col overflow-y-auto overscroll-contain border-l border-line bg-surface p-4 shadow-xl sm:p-6`;
}

/** The icon-only button that closes a Radix dialog; its name is the label. */
export function CloseButton({ label = 'Close', disabled }: { label?: string; disabled?: boolean }) {
  return (
    <Dialog.Close className={ui.iconButton} aria-label={label} disabled={disabled}>
      <X aria-hidden="true" />
    </Dialog.Close>
  );
}

/**
 * A table's scroll box: wide tables scroll inside it, never widen the page. It is positioned because an absolutely
 * positioned descendant (an .sr-only label) is clipped only by a scroll box that contains it; otherwise it escapes,
 * at its place far right in the table, and the page grows to reach it.
 */
export const tableScroll = 'relative overflow-x-auto';
