/** A labelled progress bar (role=progressbar with aria-valuenow, from Radix) with its percentage as text. */
import { Progress } from 'radix-ui';

export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-ink">{label}</span>
        <span className="text-ink-muted tabular-nums" aria-hidden="true">
          {value}%
        </span>
      </div>
      <Progress.Root value={value} aria-label={label} className="h-2 w-full overflow-hidden rounded-full bg-muted">
        <Progress.Indicator className="h-full bg-brand-600 transition-[width] duration-200" style={{ width: `${value}%` }} />
      </Progress.Root>
    </div>
  );
}
