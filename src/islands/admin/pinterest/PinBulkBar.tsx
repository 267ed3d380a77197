/**
 * Bulk actions on the selected pins: publish now, reschedule (the first at a time, the rest spaced), edit the board or
 * alt text, back to draft, export as Pinterest bulk-create CSV files, and delete after a confirmation.
 */
import { Popover } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import type { Board, PinBulkRequest } from '../../../domain/admin/pinterest/api.ts';
import { BOARD_NAME_MAX } from '../../../domain/admin/pinterest/limits.ts';
import { pinTexts } from '../../../domain/admin/pinterest/texts.ts';
import { ui } from '../../ui.ts';
import { ConfirmDialog, destructiveButton } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { fromLocalInput, toLocalInput } from './pin-form.ts';

const smallButton = `${ui.secondaryButton} h-9 px-3`;

export const pinCountLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'pin' : 'pins'}`;

export interface PinBulkBarProps {
  count: number;
  busy: boolean;
  boards: Board[];
  /** Publishing through the API is possible (a token is set and not refused). */
  canPublish: boolean;
  onBulk(body: DistributiveOmit<PinBulkRequest, 'ids'>): Promise<unknown>;
  onPublishNow(): Promise<unknown>;
  onExport(): Promise<unknown>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function PopoverAction({ label, disabled, children }: { label: string; disabled: boolean; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className={smallButton} disabled={disabled}>
          {label}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content aria-label={label} align="start" sideOffset={6} collisionPadding={16} className={`${ui.card} z-50 w-80 max-w-[calc(100vw-2rem)] space-y-3 p-4`}>
          {children(() => setOpen(false))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function RescheduleForm({ onApply }: { onApply: (publishAt: Date, everyMinutes: number) => Promise<unknown> }) {
  const timeId = useId();
  const everyId = useId();
  const [time, setTime] = useState(() => toLocalInput(new Date(Date.now() + 60 * 60_000)).slice(0, 16));
  const [every, setEvery] = useState('0');
  const at = fromLocalInput(time);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (at) void onApply(at, Number(every) || 0).catch(() => undefined);
      }}
    >
      <div className="space-y-1">
        <label htmlFor={timeId} className={ui.label}>
          First pin at (your local time)
        </label>
        <input id={timeId} type="datetime-local" step={1} value={time} onChange={(event) => setTime(event.target.value)} className={ui.input} />
      </div>
      <div className="space-y-1">
        <label htmlFor={everyId} className={ui.label}>
          Then one every (minutes, 0 for all at once)
        </label>
        <input id={everyId} type="number" min={0} max={1440} value={every} onChange={(event) => setEvery(event.target.value)} className={ui.input} />
      </div>
      {!at && <p className="text-sm text-sale">Publish time must be a date and time.</p>}
      <button type="submit" className={ui.primaryButton} disabled={!at}>
        Reschedule
      </button>
    </form>
  );
}

function EditForm({ boards, onApply }: { boards: Board[]; onApply: (change: { boardId?: string; boardName?: string; altText?: string }) => Promise<unknown> }) {
  const boardId = useId();
  const altId = useId();
  const [board, setBoard] = useState('');
  const [alt, setAlt] = useState('');
  const [changeAlt, setChangeAlt] = useState(false);
  const chosen = boards.find((candidate) => candidate.id === board);
  // Without the list (no token), a board can only be named, as in the pin form: the bulk-create CSV needs no more.
  const named = boards.length === 0 ? board.trim() : '';
  const boardChange = chosen ? { boardId: chosen.id, boardName: chosen.name } : named ? { boardName: named } : {};
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void onApply({ ...boardChange, ...(changeAlt ? { altText: alt } : {}) }).catch(() => undefined);
      }}
    >
      {boards.length > 0 ? (
        <div className="space-y-1">
          <label htmlFor={boardId} className={ui.label}>
            Board
          </label>
          <select id={boardId} value={board} onChange={(event) => setBoard(event.target.value)} className={ui.input}>
            <option value="">Leave as it is</option>
            {boards.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <Field label="Board name" hint={`Empty leaves it as it is. ${pinTexts.boardNameHint}`}>
          {(ids) => <input id={ids.id} aria-describedby={ids.describedBy} type="text" value={board} maxLength={BOARD_NAME_MAX} onChange={(event) => setBoard(event.target.value)} className={ui.input} />}
        </Field>
      )}
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={changeAlt} onChange={(event) => setChangeAlt(event.target.checked)} className="accent-brand-700" />
        Set the alt text of every selected pin
      </label>
      {changeAlt && (
        <div className="space-y-1">
          <label htmlFor={altId} className={ui.label}>
            Alt text
          </label>
          <textarea id={altId} rows={2} value={alt} onChange={(event) => setAlt(event.target.value)} className={`${ui.input} h-auto py-2`} />
        </div>
      )}
      <button type="submit" className={ui.primaryButton} disabled={!('boardName' in boardChange) && !changeAlt}>
        Apply
      </button>
    </form>
  );
}

export default function PinBulkBar({ count, busy, boards, canPublish, onBulk, onPublishNow, onExport }: PinBulkBarProps) {
  const disabled = count === 0 || busy;
  return (
    <div role="group" aria-label="Bulk actions" className={`${ui.card} flex flex-wrap items-center gap-2 p-3`}>
      <p className="mr-2 text-sm font-semibold" aria-live="polite">
        {count === 0 ? 'No pins selected' : `${pinCountLabel(count)} selected`}
      </p>
      <button type="button" className={smallButton} disabled={disabled || !canPublish} onClick={() => void onPublishNow().catch(() => undefined)}>
        Publish now
      </button>
      <PopoverAction label="Reschedule" disabled={disabled}>
        {(close) => <RescheduleForm onApply={(at, everyMinutes) => onBulk({ action: 'reschedule', publishAt: at.toISOString(), everyMinutes }).then(close)} />}
      </PopoverAction>
      <PopoverAction label="Edit" disabled={disabled}>
        {(close) => <EditForm boards={boards} onApply={(change) => onBulk({ action: 'edit', ...change }).then(close)} />}
      </PopoverAction>
      <button type="button" className={smallButton} disabled={disabled} onClick={() => void onBulk({ action: 'to-draft' }).catch(() => undefined)}>
        Back to draft
      </button>
      <button type="button" className={smallButton} disabled={disabled} onClick={() => void onExport().catch(() => undefined)}>
        Export CSV
      </button>
      <ConfirmDialog
        trigger={
          <button type="button" className={`${destructiveButton} h-9 px-3`} disabled={disabled}>
            Delete
          </button>
        }
        title={`Delete ${pinCountLabel(count)}?`}
        description="They are removed from this list. A pin already published stays on Pinterest: delete it there."
        confirmLabel={`Delete ${pinCountLabel(count)}`}
        onConfirm={() => onBulk({ action: 'delete' })}
      />
    </div>
  );
}
