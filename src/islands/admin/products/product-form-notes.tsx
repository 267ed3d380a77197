/**
 * A review's pros or cons: one input a row, rows added and removed, always keeping one; blank rows are dropped when the
 * form is saved (src/domain/editorial/review.ts). Each row's error shows beside it, the list's own under the list.
 * Adding, removing and focus follow useEditableRows.
 */
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { MAX_NOTE_LENGTH, MAX_NOTES } from '../../../domain/editorial/review.ts';
import { ui } from '../../ui.ts';
import { useEditableRows } from '../ui/use-editable-rows.ts';

export interface NoteListProps {
  /** 'Pros' or 'Cons': the list's legend; a row is named by it in the singular ('Pro 2'). */
  label: 'Pros' | 'Cons';
  value: string[];
  onChange: (rows: string[]) => void;
  onBlur: () => void;
  /** The list's message (too many). */
  error?: string;
  /** Each row's message by index (too long). */
  rowErrors?: readonly (string | undefined)[];
}

export function NoteList({ label, value, onChange, onBlur, error, rowErrors = [] }: NoteListProps) {
  const { rows, inputRef, change, add, remove } = useEditableRows(value, onChange);
  const singular = label === 'Pros' ? 'Pro' : 'Con';
  const id = useId();

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className={ui.label}>{label}</legend>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        Up to {MAX_NOTES}, each at most {MAX_NOTE_LENGTH} characters; empty rows are ignored.
      </p>
      {rows.map((row, index) => {
        const rowError = rowErrors[index];
        return (
          <div key={index} className="space-y-1">
            <div className="flex items-center gap-2">
              <input
                ref={inputRef(index)}
                type="text"
                autoComplete="off"
                aria-label={`${singular} ${index + 1}`}
                aria-invalid={rowError ? true : undefined}
                aria-describedby={rowError ? `${id}-row-${index}-error` : undefined}
                className={ui.input}
                value={row}
                onChange={(event) => change(index, event.target.value)}
                onBlur={onBlur}
              />
              <button type="button" className={`${ui.secondaryButton} shrink-0 px-3`} aria-label={`Remove ${singular.toLowerCase()} ${index + 1}`} onClick={() => remove(index)}>
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
            {rowError && (
              <p id={`${id}-row-${index}-error`} className="text-sm font-medium text-sale">
                {rowError}
              </p>
            )}
          </div>
        );
      })}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
      <button type="button" className={ui.secondaryButton} disabled={rows.length >= MAX_NOTES} onClick={add}>
        <Plus aria-hidden="true" className="size-4" /> Add {singular.toLowerCase()}
      </button>
    </fieldset>
  );
}
