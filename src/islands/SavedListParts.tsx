/** Pieces shared by the wishlist and bookmarks pages. */
import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { ui } from './ui.ts';

export function SkeletonCards() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="skeleton-cards">
      {[0, 1, 2].map((key) => (
        <li key={key} className={`${ui.card} animate-pulse overflow-hidden`}>
          <div className="aspect-[4/3] bg-muted" />
          <div className="space-y-3 p-4">
            <div className="h-4 w-3/4 rounded bg-muted" />
            <div className="h-4 w-1/3 rounded bg-muted" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ title, action }: { title: string; action: { href: string; label: string } }) {
  return (
    <div className={`${ui.card} px-6 py-14 text-center`}>
      <p className="text-lg font-semibold">{title}</p>
      <a href={action.href} className={`${ui.primaryButton} mt-5`}>
        {action.label}
      </a>
    </div>
  );
}

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="mb-8 text-3xl font-bold tracking-tight">{children}</h1>;
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className={`${ui.card} px-6 py-10 text-center`}>
      <p className="font-semibold">We couldn&apos;t load this list.</p>
      <button type="button" onClick={onRetry} className={`${ui.secondaryButton} mt-4`}>
        Try again
      </button>
    </div>
  );
}

interface SavedCardProps {
  image: { src: string; alt: string; width: number; height: number; className: string };
  title: string;
  children?: ReactNode;
  link: { href: string; label: string };
  removeLabel: string;
  removing: boolean;
  onRemove: () => void;
}

/** A saved product or post: image, title, details, the link to it and a remove button. */
export function SavedCard({ image, title, children, link, removeLabel, removing, onRemove }: SavedCardProps) {
  return (
    <li className={`${ui.card} flex flex-col overflow-hidden`}>
      <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" className={image.className} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-semibold leading-snug">{title}</h2>
        {children}
        <div className="mt-auto flex items-center gap-2 pt-2">
          <a href={link.href} className={`${ui.primaryButton} flex-1`}>
            {link.label}
          </a>
          <button type="button" className={ui.secondaryButton} aria-label={removeLabel} disabled={removing} onClick={onRemove}>
            <Trash2 aria-hidden="true" size={16} />
          </button>
        </div>
      </div>
    </li>
  );
}
