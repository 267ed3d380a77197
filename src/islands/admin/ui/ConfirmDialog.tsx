/**
 * The confirmation before a destructive admin action (delete a product, a category, a post; bulk delete), as a Radix
 * AlertDialog: focus moves to Cancel, Escape cancels, and the action button stays disabled while it runs.
 *
 *   <ConfirmDialog
 *     trigger={<button>Delete</button>}
 *     title='Delete "Foam Roller"?'
 *     description="Its click and view history is deleted with it. This cannot be undone."
 *     confirmLabel="Delete"
 *     onConfirm={() => remove.mutateAsync(id)}
 *   />
 */
import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { ui } from '../../ui.ts';
import { dialogFrame, overlayClass } from './dialog-frame.tsx';

export interface ConfirmDialogProps {
  /** The element that opens the dialog (rendered asChild); omit it and control `open` instead. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Closes the dialog when it resolves; a rejection keeps it open (the caller toasts the error). */
  onConfirm: () => Promise<unknown> | void;
  /** The confirm button's look: red for what removes things (the default), the plain primary button otherwise. */
  tone?: 'destructive' | 'default';
}

export const destructiveButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-full bg-sale px-4 text-sm font-semibold text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

export function ConfirmDialog({ trigger, open, onOpenChange, title, description, confirmLabel, onConfirm, tone = 'destructive' }: ConfirmDialogProps) {
  const [innerOpen, setInnerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const isOpen = open ?? innerOpen;
  const setOpen = (next: boolean) => {
    if (busy) return;
    setInnerOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setBusy(false);
      setInnerOpen(false);
      onOpenChange?.(false);
    } catch {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={dialogFrame('sm')}>
          <AlertDialog.Title className="text-lg font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-ink-muted">{description}</AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={ui.secondaryButton} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once, before the write has answered. */}
            <button type="button" className={tone === 'destructive' ? destructiveButton : `${ui.primaryButton} h-10`} disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
              {busy ? 'Working…' : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
