/**
 * A list of text inputs edited in place (a review's pros or cons, a product's gallery images): always at least one row
 * shown, rows changed, added and removed through the field's onChange, and focus kept on the keyboard's path: a new
 * row takes focus, and removing one hands it to the row before (WCAG 2.4.3, focus order), so focus never falls back
 * to the page's top. Removing the only row empties it instead. Blank rows are the form's to drop when it saves.
 */
import { useEffect, useRef, useState } from 'react';

export interface EditableRows {
  /** The rows to show: the value, or one empty row for an empty value. */
  rows: string[];
  /** The ref callback for row `index`'s input, so add and remove can move focus to it. */
  inputRef(index: number): (element: HTMLInputElement | null) => void;
  change(index: number, text: string): void;
  add(): void;
  remove(index: number): void;
}

export function useEditableRows(value: readonly string[], onChange: (rows: string[]) => void): EditableRows {
  const rows = value.length > 0 ? [...value] : [''];
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    inputs.current[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  return {
    rows,
    inputRef: (index) => (element) => {
      inputs.current[index] = element;
    },
    change: (index, text) => onChange(rows.map((current, i) => (i === index ? text : current))),
    add: () => {
      onChange([...rows, '']);
      setFocusIndex(rows.length);
    },
    remove: (index) => {
      if (rows.length <= 1) {
        onChange(['']);
        return;
      }
      onChange(rows.filter((_, i) => i !== index));
      setFocusIndex(Math.max(0, index - 1));
    },
  };
}
