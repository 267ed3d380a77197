/**
 * Formula injection (ARCHITECTURE section 7; OWASP "CSV Injection"): a spreadsheet runs a cell that begins with
 * = + - @, a tab or a carriage return as a formula, so the export prefixes such a cell with an apostrophe, which
 * spreadsheets hide and treat as "text". The import removes exactly that prefix and nothing else.
 *
 * "Begins with" means the first character a spreadsheet keeps: some drop leading control and format characters
 * (NUL, ESC, zero-width spaces, direction marks) before deciding, so a cell such as "\0=1+1" is guarded too.
 *
 * For the import to be the exact inverse, a cell that already begins with an apostrophe is guarded too: the export
 * writes "'x" as "''x", and the import only ever removes an apostrophe that is followed (after any invisible
 * characters) by a trigger or by another apostrophe. So unguardCell(guardCell(text)) === text for every text.
 */

const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const GUARD = "'";
/** Control (Cc) and format (Cf) characters before the first one a reader sees; tab and CR are triggers themselves. */
const INVISIBLE_PREFIX = /^(?:(?![\t\r])[\p{Cc}\p{Cf}])*/u;

/** The first character after any invisible prefix ('' when there is none). */
function firstVisible(text: string): string {
  const prefix = INVISIBLE_PREFIX.exec(text)?.[0].length ?? 0;
  return text.charAt(prefix);
}

/** Whether a spreadsheet would read the text as a formula. */
export function isFormulaLike(text: string): boolean {
  return TRIGGERS.has(firstVisible(text));
}

export function guardCell(text: string): string {
  const first = firstVisible(text);
  return TRIGGERS.has(first) || first === GUARD ? GUARD + text : text;
}

export function unguardCell(text: string): string {
  if (text.charAt(0) !== GUARD) return text;
  const second = firstVisible(text.slice(1));
  return TRIGGERS.has(second) || second === GUARD ? text.slice(1) : text;
}
