/** Shared class names for island controls, so forms and buttons look alike everywhere. */
export const ui = {
  input:
    'block h-11 w-full rounded-lg border border-line bg-surface px-3 text-base text-ink placeholder:text-ink-muted/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200',
  label: 'block text-sm font-semibold text-ink',
  primaryButton:
    'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60',
  secondaryButton:
    'inline-flex h-10 items-center justify-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-brand-50 disabled:opacity-60',
  card: 'rounded-[var(--radius-card)] border border-line bg-surface shadow-[var(--shadow-card)]',
  link: 'font-semibold text-brand-700 underline-offset-4 hover:underline',
} as const;
