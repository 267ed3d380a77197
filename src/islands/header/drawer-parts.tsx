/** The pieces both header drawers share: overlay, panel, title bar and link styles. */
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, type ReactNode } from 'react';

/** 18rem wide, at most 85 % of a narrow screen; scrolls on its own when taller than the screen. */
export const drawerContentClass =
  'fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-surface shadow-card-hover focus:outline-none';

export const drawerLinkClass =
  'block rounded-md px-3 py-2.5 text-base text-ink hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700';

export function DrawerOverlay() {
  return <Dialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/40" />;
}

export function DrawerHeader({ title, closeLabel }: { title: string; closeLabel: string }) {
  return (
    <div className="sticky top-0 flex items-center justify-between border-b border-line bg-surface px-4 py-3">
      <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
      <Dialog.Close aria-label={closeLabel} className="inline-flex size-10 items-center justify-center rounded-md text-ink-muted hover:bg-muted hover:text-ink">
        <X aria-hidden="true" className="size-5" />
      </Dialog.Close>
    </div>
  );
}

export function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="pt-1">
      <h3 id={id} className="px-3 pb-1 text-xs font-semibold tracking-widest text-ink-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}
