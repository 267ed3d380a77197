/**
 * A file names each product once. Two rows with the same SKU (or, without a SKU, the same affiliate link) would both
 * land on one product, the second silently overwriting the first, so both are errors naming each other's row and
 * neither is imported: the editor decides which one is meant.
 */
import type { CsvRow } from './row.ts';
import { rowTexts } from './texts.ts';

/**
 * What a row is counted once by, as the message names it: its SKU, else its affiliate link; null for neither. Delete
 * rows are not counted: they overwrite nothing, and deleting products that share a link takes one row each.
 */
export function fileKeyOf(row: CsvRow): string | null {
  if (!row.ok || row.action !== 'upsert') return null;
  if (row.keys.sku !== null) return `sku '${row.keys.sku}'`;
  if (row.keys.affiliateUrl !== null) return `affiliate_link '${row.keys.affiliateUrl}'`;
  return null;
}

/** The error of every row that shares its key with another row of `rows`, by row number. */
export function duplicateRowReasons(rows: readonly CsvRow[]): Map<number, string> {
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    const key = fileKeyOf(row);
    if (key === null) continue;
    const numbers = byKey.get(key);
    if (numbers) numbers.push(row.rowNumber);
    else byKey.set(key, [row.rowNumber]);
  }
  const reasons = new Map<number, string>();
  for (const [key, numbers] of byKey) {
    if (numbers.length < 2) continue;
    for (const number of numbers) reasons.set(number, rowTexts.duplicateKey(number, key, numbers.filter((other) => other !== number)));
  }
  return reasons;
}

/** The rows with those sharing a key turned into errors. */
export function withDuplicatesRefused(rows: readonly CsvRow[]): CsvRow[] {
  const reasons = duplicateRowReasons(rows);
  return rows.map((row) => {
    const reason = reasons.get(row.rowNumber);
    return reason === undefined ? row : { ok: false, rowNumber: row.rowNumber, reason };
  });
}
