/**
 * Parses a network report off the main thread (issue 14, point 4), as the product import's worker does and for the
 * same reason: a module worker bundled by Vite, since papaparse's own `worker: true` starts from a blob: URL that the
 * admin pages' Content-Security-Policy refuses. The report's header row is not always its first line (Amazon's
 * exports begin with a title line), so the file is read as a table of text cells and the tab finds the header.
 *
 *   in:  { file: File }
 *   out: { type: 'progress', percent } … then { type: 'done', table, problem } or { type: 'unreadable' }
 */
import Papa, { type ParseError } from 'papaparse';
import type { ReportParseMessage, ReportParseRequest } from './report-import-parse.ts';

const CHUNK_BYTES = 256 * 1024;
/** Without a header row, papaparse's 0-based row is the line number less one. */
const lineError = (error: ParseError) => (error.row === undefined ? error.message : `Row ${error.row + 1}: ${error.message}`);
const post = (message: ReportParseMessage) => self.postMessage(message);

self.onmessage = (event: MessageEvent<ReportParseRequest>) => {
  const { file } = event.data;
  const table: string[][] = [];
  let quoteError: ParseError | null = null;
  let lastPercent = -1;
  Papa.parse<string[]>(file, {
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
    chunkSize: CHUNK_BYTES,
    chunk(results) {
      for (const error of results.errors) if (error.type === 'Quotes' && !quoteError) quoteError = { ...error, row: error.row === undefined ? undefined : error.row + table.length };
      for (const row of results.data) table.push(row);
      const percent = file.size === 0 ? 100 : Math.min(100, Math.round((results.meta.cursor / file.size) * 100));
      if (percent !== lastPercent) post({ type: 'progress', percent: (lastPercent = percent) });
    },
    complete() {
      post({ type: 'done', table: quoteError ? [] : table, problem: quoteError ? lineError(quoteError) : null });
    },
    error() {
      post({ type: 'unreadable' });
    },
  });
};
