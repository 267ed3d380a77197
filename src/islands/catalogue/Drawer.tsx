/**
 * A drawer from the left (spec sections 2 and 9: Filters and More categories under 768 px) on Radix Dialog: focus
 * trapped inside, Escape and the overlay close it, and focus goes back to the control that opened it. The control
 * lives outside this module (FiltersDrawer, CategoryBrowser) so it is on the page and works before this code has
 * loaded; the code, Radix's included, loads when someone reaches for it (drawer-code.ts).
 */
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The control that opened it: focus goes back there. */
  opener: RefObject<HTMLElement | null>;
  title: string;
  closeLabel: string;
  /** Read to screen readers after the title. */
  description: string;
  children: ReactNode;
}

export function Drawer({ open, onClose, opener, title, closeLabel, description, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          // Without a Dialog.Trigger, Radix has no control to give focus back to.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col bg-canvas shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
            <Dialog.Close className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-50" aria-label={closeLabel}>
              <X aria-hidden="true" size={18} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
