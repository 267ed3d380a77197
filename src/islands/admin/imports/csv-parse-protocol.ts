/** The messages between the Import tab and its parsing worker (csv-parse-worker.ts). */
import type { CsvEncoding } from '../../../domain/admin/csv/encoding.ts';
import type { CsvProblem } from '../../../domain/admin/csv/parse.ts';
import type { PreviewRow } from './preview-rows.ts';

export interface CsvParseWorkerRequest {
  file: File;
}

export type CsvParseWorkerMessage =
  | { type: 'progress'; percent: number }
  /** encoding: how the bytes were read; null when they could not be. */
  | { type: 'done'; rows: PreviewRow[]; problem: CsvProblem | null; encoding: CsvEncoding | null }
  | { type: 'unreadable' };
