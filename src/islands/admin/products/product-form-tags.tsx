/** Tags (spec section 5): typed and added with Enter or the Add button, trimmed and unique, each removable. */
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { addTag, MAX_TAGS } from '../../../domain/admin/product-form.ts';
import { ui } from '../../ui.ts';

export interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}

export function TagInput({ value, onChange, error }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addTag(value, draft));
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag instead of submitting the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={ui.label}>
        Tags
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          className={ui.input}
          value={draft}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={`${ui.secondaryButton} shrink-0`} onClick={add} disabled={draft.trim() === ''}>
          <Plus aria-hidden="true" className="size-4" /> Add tag
        </button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        Press Enter or Add tag. Up to {MAX_TAGS}; the product page shows the first 10.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul aria-label="Added tags" className="flex flex-wrap gap-2 pt-1">
          {value.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm text-brand-900">
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-brand-100"
                onClick={() => onChange(value.filter((current) => current !== tag))}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
