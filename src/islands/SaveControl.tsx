/**
 * The Save / Saved button's look (spec sections 2, 4 and 8), without its behaviour: SaveButton drives it, and a
 * catalogue card draws it unsaved until someone reaches for it (CatalogueSave.tsx), the same markup either way.
 */
import { Heart } from 'lucide-react';
import type { MouseEvent } from 'react';

export interface SaveControlProps {
  productName: string;
  /** 'compact' on product cards: an icon button. */
  size?: 'regular' | 'compact';
  saved?: boolean;
  busy?: boolean;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}

export function SaveControl({ productName, size = 'regular', saved = false, busy = false, onClick }: SaveControlProps) {
  const label = saved ? 'Saved' : 'Save';
  const compact = size === 'compact';
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-pressed={saved}
      aria-label={compact ? `${label}: ${productName}` : undefined}
      className={
        compact
          ? 'inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface/95 text-ink shadow-sm hover:bg-brand-50 aria-pressed:text-sale'
          : 'inline-flex h-11 items-center justify-center gap-2 rounded-full border border-line bg-surface px-5 text-sm font-semibold text-ink hover:bg-brand-50 aria-pressed:border-sale/40 aria-pressed:text-sale'
      }
    >
      <Heart aria-hidden="true" size={18} fill={saved ? 'currentColor' : 'none'} />
      {!compact && label}
    </button>
  );
}
