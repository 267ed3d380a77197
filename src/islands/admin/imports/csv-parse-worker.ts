/**
 * Parses the chosen CSV file off the main thread (issue 11, point 4), so a 5 MB file neither freezes the tab nor
 * hides its progress bar. A module worker bundled by Vite into /_astro/ rather than papaparse's own `worker: true`:
 * that mode starts its worker from a blob: URL, which the pages' Content-Security-Policy (script-src 'self', no
 * worker-src) refuses.
 *
 *   in:  { file: File }
 *   out: { type: 'progress', percent } … then { type: 'done', rows, problem } or { type: 'unreadable' }
 *
 * The rows come back already read by the domain's row rules (initialPreviewRows): at 10,000 rows that is most of a
 * second of work the page's main thread does not have to do.
 *
 * The bytes are decoded first (decodeCsvBytes: UTF-8, else Windows-1252, else refused) and the header row is checked
 * for columns that normalise alike before any row is read.
 */
import Papa, { type ParseError, type ParseMeta, type ParseResult } from 'papaparse';
import { decodeCsvBytes } from '../../../domain/admin/csv/encoding.ts';
import { checkParsedCsv, csvParseConfig, duplicateHeaderProblem, rawCsvHeaders } from '../../../domain/admin/csv/parse.ts';
import type { CsvParseWorkerMessage, CsvParseWorkerRequest } from './csv-parse-protocol.ts';
import { initialPreviewRows, rowInputsWithoutBlanks } from './preview-rows.ts';

/** Small enough that a 5 MB file reports progress about twenty times, large enough to cost nothing extra. */
const CHUNK_BYTES = 256 * 1024;

const post = (message: CsvParseWorkerMessage) => self.postMessage(message);

self.onmessage = (event: MessageEvent<CsvParseWorkerRequest>) => {
  void parseFile(event.data.file);
};

async function parseFile(file: File): Promise<void> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return post({ type: 'unreadable' });
  }
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return post({ type: 'done', rows: [], problem: decoded.problem, encoding: null });
  const { text, encoding } = decoded;
  const headerProblem = duplicateHeaderProblem(rawCsvHeaders(text));
  if (headerProblem) return post({ type: 'done', rows: [], problem: headerProblem, encoding });
  const records: Record<string, unknown>[] = [];
  const errors: ParseError[] = [];
  let meta: ParseMeta = { delimiter: ',', linebreak: '\n', aborted: false, truncated: false, cursor: 0, fields: [] };
  let lastPercent = -1;
  Papa.parse<Record<string, unknown>>(text, {
    ...csvParseConfig,
    chunkSize: CHUNK_BYTES,
    chunk(results: ParseResult<Record<string, unknown>>) {
      // papaparse numbers a chunk's errors from the chunk's first record; the file's numbering is wanted.
      for (const error of results.errors) errors.push({ ...error, row: error.row === undefined ? undefined : error.row + records.length });
      for (const record of results.data) records.push(record);
      meta = { ...results.meta, fields: results.meta.fields ?? meta.fields };
      const percent = text.length === 0 ? 100 : Math.min(100, Math.round((results.meta.cursor / text.length) * 100));
      if (percent !== lastPercent) post({ type: 'progress', percent: (lastPercent = percent) });
    },
    complete() {
      const problem = checkParsedCsv({ data: records, errors, meta });
      post(problem ? { type: 'done', rows: [], problem, encoding } : { type: 'done', rows: initialPreviewRows(rowInputsWithoutBlanks(records)), problem: null, encoding });
    },
    error() {
      post({ type: 'unreadable' });
    },
  });
}
