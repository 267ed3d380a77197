/**
 * Formula injection (ARCHITECTURE section 7; OWASP "CSV Injection"): a spreadsheet runs a cell that begins with
 * = + - @, a tab or a carriage return as a formula, so the export prefixes such a cell with an apostrophe, which
 * spreadsheets hide and treat as "text". The import removes exactly that prefix and nothing else.
 *
 * For the import to be the exact inverse, a cell that already begins with an apostrophe is guarded too: the export
 * writes "'x" as "''x", and the import only ever removes an apostrophe that is followed by a trigger or by another
 * apostrophe. So unguardCell(guardCell(text)) === text for every text.
 */

const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const GUARD = "'";

/** Whether a spreadsheet would read the text as a formula. */
export function isFormulaLike(text: string): boolean {
  return TRIGGERS.has(text.charAt(0));
}

export function guardCell(text: string): string {
  const first = text.charAt(0);
  return TRIGGERS.has(first) || first === GUARD ? GUARD + text : text;
}

export function unguardCell(text: string): string {
  if (text.charAt(0) !== GUARD) return text;
  const second = text.charAt(1);
  return TRIGGERS.has(second) || second === GUARD ? text.slice(1) : text;
}
