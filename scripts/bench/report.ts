/** The benchmark's table: each figure with its budget and PASS/FAIL (or INFO when it has no budget). */

export interface Figure {
  name: string;
  value: number | undefined;
  unit: string;
  /** The figure passes when at most (or, with atLeast, at least) this. */
  budget?: number;
  atLeast?: boolean;
  digits?: number;
}

export function verdict(figure: Figure): 'PASS' | 'FAIL' | 'INFO' {
  if (figure.budget === undefined) return 'INFO';
  if (figure.value === undefined || Number.isNaN(figure.value)) return 'FAIL';
  return (figure.atLeast ? figure.value >= figure.budget : figure.value <= figure.budget) ? 'PASS' : 'FAIL';
}

function format(value: number | undefined, unit: string, digits = 1): string {
  return value === undefined || Number.isNaN(value) ? 'n/a' : `${value.toFixed(digits)} ${unit}`.trim();
}

export function renderTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => [
    figure.name,
    format(figure.value, figure.unit, figure.digits),
    figure.budget === undefined ? '' : `${figure.atLeast ? '>=' : '<='} ${format(figure.budget, figure.unit, figure.digits)}`,
    verdict(figure),
  ]);
  const header = ['figure', 'measured', 'budget', 'result'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 1 || column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The p-th percentile by nearest rank (p95 of 25 runs is the 24th fastest). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
