/** The messages between the Import tab and its parsing worker (csv-parse-worker.ts). */
import type { CsvProblem } from '../../../domain/admin/csv/parse.ts';
import type { PreviewRow } from './preview-rows.ts';

export interface CsvParseWorkerRequest {
  file: File;
}

export type CsvParseWorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; rows: PreviewRow[]; problem: CsvProblem | null }
  | { type: 'unreadable' };
