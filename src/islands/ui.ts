/** Shared class names for island controls, so forms and buttons look alike everywhere. */
export const ui = {
  input:
    'block h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-ink placeholder:text-ink-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200',
  label: 'block text-sm font-semibold text-ink',
  primaryButton:
    'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:shrink-0',
  secondaryButton:
    'inline-flex h-10 items-center justify-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-brand-50 disabled:opacity-60 [&_svg]:shrink-0',
  /**
   * A button that shows only an icon (its name is its aria-label). Its own class, not secondaryButton with the padding
   * taken off: two padding utilities on one element is a coin toss of CSS order, and the lost toss squeezed the icon
   * to 2 px. The icon keeps its size (shrink-0); the target is 40 px, 44 px under a finger (WCAG 2.5.8 asks 24 px).
   */
  iconButton:
    'inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-line bg-surface text-ink hover:bg-brand-50 disabled:opacity-60 pointer-coarse:size-11 [&_svg]:size-4 [&_svg]:shrink-0',
  card: 'rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)]',
  link: 'font-semibold text-brand-700 underline-offset-4 hover:underline',
} as const;
