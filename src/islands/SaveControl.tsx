/**
 * The Save / Saved button's look (spec sections 2, 4 and 8), without its behaviour: SaveButton drives it, and a
 * card draws it unsaved until someone reaches for it (CatalogueSave.tsx in the island, product-card-html.ts on a static
 * page), the same markup either way.
 */
import { HeartIcon } from './action-icons.tsx';
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
          : 'action-button'
      }
    >
      <HeartIcon size={18} filled={saved} />
      {!compact && label}
    </button>
  );
}
