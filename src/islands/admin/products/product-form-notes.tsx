/**
 * A review's pros or cons: one input a row, rows added and removed, always keeping one; blank rows are dropped when the
 * form is saved (src/domain/editorial/review.ts). Each row's error shows beside it, the list's own under the list.
 * A new row takes focus, and removing one hands focus to its neighbour, so the keyboard never lands on the page's top.
 */
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_NOTE_LENGTH, MAX_NOTES } from '../../../domain/editorial/review.ts';
import { ui } from '../../ui.ts';

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
  const rows = value.length > 0 ? value : [''];
  const singular = label === 'Pros' ? 'Pro' : 'Con';
  const id = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    inputs.current[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  const change = (index: number, text: string) => onChange(rows.map((current, i) => (i === index ? text : current)));
  const add = () => {
    onChange([...rows, '']);
    setFocusIndex(rows.length);
  };
  const remove = (index: number) => {
    if (rows.length <= 1) {
      onChange(['']);
      return;
    }
    onChange(rows.filter((_, i) => i !== index));
    setFocusIndex(Math.max(0, index - 1));
  };

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
                ref={(element) => {
                  inputs.current[index] = element;
                }}
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
