/**
 * A secret shown once (a postback URL with its token, or a signing secret): a read-only field to select from, a Copy
 * button, and the warning that it will not be shown again. The server keeps only a hash of the token, so closing this
 * is final; a lost token is replaced by rotating.
 */
import { useId, useState, type ReactNode } from 'react';
import { ui } from '../../ui.ts';

export interface OneTimeSecretProps {
  title: string;
  /** The field's label. */
  label: string;
  value: string;
  children?: ReactNode;
  onDone: () => void;
}

export function OneTimeSecret({ title, label, value, children, onDone }: OneTimeSecretProps) {
  const id = useId();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border-2 border-brand-500 bg-brand-50 p-4">
      <h3 id={`${id}-title`} className="font-bold">
        {title}
      </h3>
      <p className="text-sm font-semibold">Copy it now: it will not be shown again. If it is lost, rotate to make a new one.</p>
      <div className="space-y-1">
        <label htmlFor={`${id}-value`} className={ui.label}>
          {label}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-value`}
            readOnly
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className={`${ui.input} min-w-0 flex-1 font-mono text-sm`}
          />
          <button type="button" className={ui.primaryButton} onClick={() => void copy()}>
            Copy
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm text-ink-muted">
          {copied === 'copied' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
        </p>
      </div>
      {children}
      <button type="button" className={ui.secondaryButton} onClick={onDone}>
        Done
      </button>
    </section>
  );
}
