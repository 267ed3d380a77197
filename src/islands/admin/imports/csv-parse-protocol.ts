/** The messages between the Import tab and its parsing worker (csv-parse-worker.ts). */
import type { CsvRowInput } from '../../../domain/admin/csv/contract.ts';
import type { CsvProblem } from '../../../domain/admin/csv/parse.ts';

export interface CsvParseWorkerRequest {
  file: File;
}

export type CsvParseWorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; rows: CsvRowInput[]; problem: CsvProblem | null }
  | { type: 'unreadable' };
