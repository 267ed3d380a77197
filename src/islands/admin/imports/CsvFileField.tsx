/**
 * The pieces the product CSV import and the network report import share: the file field, and the progress of the
 * three long steps (reading the file in the worker, checking rows on the server, importing) with the status line.
 */
import { ui } from '../../ui.ts';
import { ProgressBar } from './ProgressBar.tsx';

interface CsvFileFieldProps {
  id: string;
  label: string;
  /** A new key empties the field (after an import or a reset), so the same file can be chosen again. */
  inputKey: number;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
}

export function CsvFileField({ id, label, inputKey, disabled, onFile }: CsvFileFieldProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        onChange={(event) => onFile(event.currentTarget.files?.[0])}
        className="block w-full text-sm file:mr-3 file:rounded-full file:border file:border-line file:bg-surface file:px-4 file:py-2 file:font-semibold file:text-ink hover:file:bg-brand-50"
      />
    </div>
  );
}

const stepLabels = { parsing: 'Reading the file', previewing: 'Checking rows', importing: 'Importing' } as const;

/** The bar of the step under way (none between steps) and the status line screen readers hear. */
export function ImportProgress({ stage, percent, status }: { stage: string; percent: number; status: string }) {
  const label = stage in stepLabels ? stepLabels[stage as keyof typeof stepLabels] : undefined;
  return (
    <>
      {label && <ProgressBar label={label} percent={percent} />}
      <p role="status" className="text-sm font-medium empty:hidden">
        {status}
      </p>
    </>
  );
}
