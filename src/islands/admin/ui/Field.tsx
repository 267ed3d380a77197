/**
 * A labelled form control with its hint and error, wired for screen readers: the label names the control, the hint
 * and the error describe it, and aria-invalid marks it while the error shows. Every admin form builds on it.
 *
 *   <Field label="Name" error={errors.name?.message}>
 *     {(ids) => <input className={ui.input} {...inputProps(form.register('name'), ids, errors.name?.message)} />}
 *   </Field>
 */
import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ui } from '../../ui.ts';

export interface FieldIds {
  id: string;
  describedBy: string | undefined;
}

export function Field({ label, error, hint, children }: { label: ReactNode; error?: string; hint?: ReactNode; children: (ids: FieldIds) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {children({ id, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined })}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

export function inputProps(registered: UseFormRegisterReturn, ids: FieldIds, error: string | undefined) {
  return { ...registered, id: ids.id, 'aria-describedby': ids.describedBy, 'aria-invalid': error ? true : undefined };
}
