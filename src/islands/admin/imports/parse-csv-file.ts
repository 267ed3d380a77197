/**
 * Parses a chosen file in a worker (csv-parse-worker.ts) and answers the rows to preview (pending, or errors the
 * browser already finds) or the spec's problem. The file checks (extension, size) come first, before anything is read.
 */
import { checkCsvFile, type CsvProblem } from '../../../domain/admin/csv/parse.ts';
import { csvTexts } from '../../../domain/admin/csv/texts.ts';
import type { CsvEncoding } from '../../../domain/admin/csv/encoding.ts';
import type { CsvParseWorkerMessage, CsvParseWorkerRequest } from './csv-parse-protocol.ts';
import type { PreviewRow } from './preview-rows.ts';

export type ParsedCsvFile = { ok: true; rows: PreviewRow[]; encoding: CsvEncoding } | { ok: false; problem: CsvProblem };

const unreadable: CsvProblem = { title: csvTexts.unreadable, description: csvTexts.unreadable };

export interface ParseHandle {
  result: Promise<ParsedCsvFile>;
  /** Stops the worker (Start Over, another file); the promise then never settles. */
  cancel(): void;
}

export function parseCsvFile(file: File, onProgress: (percent: number) => void): ParseHandle {
  const refused = checkCsvFile(file);
  if (refused) return { result: Promise.resolve({ ok: false, problem: refused }), cancel: () => {} };
  // Vite finds the worker by this exact form (new Worker(new URL(…, import.meta.url))) and bundles it to /_astro/.
  const worker = new Worker(new URL('./csv-parse-worker.ts', import.meta.url), { type: 'module', name: 'csv-parse' });
  const result = new Promise<ParsedCsvFile>((resolve) => {
    worker.onmessage = (event: MessageEvent<CsvParseWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') return onProgress(message.percent);
      worker.terminate();
      if (message.type === 'unreadable') resolve({ ok: false, problem: unreadable });
      else if (message.problem || message.encoding === null) resolve({ ok: false, problem: message.problem ?? unreadable });
      else resolve({ ok: true, rows: message.rows, encoding: message.encoding });
    };
    worker.onerror = () => {
      worker.terminate();
      resolve({ ok: false, problem: unreadable });
    };
    worker.postMessage({ file } satisfies CsvParseWorkerRequest);
  });
  return { result, cancel: () => worker.terminate() };
}
