/**
 * The Report import tab's file reading (issue 14, point 4): the file checks first (a .csv name, at most 5 MB, the
 * product import's rules and messages), then papaparse in report-import-worker.ts, then the header row: Amazon's
 * under its title line, any other network's on the first line.
 */
import { checkCsvFile, type CsvProblem } from '../../../domain/admin/csv/parse.ts';
import { csvTexts } from '../../../domain/admin/csv/texts.ts';
import { MAX_REPORT_CELL_CHARS, MAX_REPORT_COLUMNS } from '../../../domain/admin/revenue-report.ts';
import { AMAZON_REQUIRED_COLUMNS } from '../../../domain/revenue/report-amazon.ts';
import { findHeaderRow, rowInputsUnder, type ReportNetwork, type ReportRowInput } from '../../../domain/revenue/report.ts';

export interface ReportParseRequest {
  file: File;
}

export type ReportParseMessage = { type: 'progress'; percent: number } | { type: 'done'; table: string[][]; problem: string | null } | { type: 'unreadable' };

export interface ParsedReport {
  headers: string[];
  rows: ReportRowInput[];
  /** Rows the server could not take at all (a cell too long), as row errors. */
  tooLarge: { rowNumber: number; reason: string }[];
}

export type ParseResult = { ok: true; report: ParsedReport } | { ok: false; problem: CsvProblem };

const failed = (description: string): ParseResult => ({ ok: false, problem: { title: csvTexts.parsingFailed, description } });

/** The header and the data rows of a parsed table, or why there are none. */
export function reportFromTable(network: ReportNetwork, table: readonly (readonly string[])[]): ParseResult {
  const nonEmpty = table.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  const headerIndex = network === 'amazon' ? findHeaderRow(table, AMAZON_REQUIRED_COLUMNS) : nonEmpty < 0 ? null : nonEmpty;
  if (headerIndex === null) {
    return failed(network === 'amazon' ? `Missing required columns: ${AMAZON_REQUIRED_COLUMNS.join(', ')}` : csvTexts.noDataRows);
  }
  const headers = table[headerIndex]!.map((header) => header.trim());
  if (headers.length > MAX_REPORT_COLUMNS) return failed(`A report can have at most ${MAX_REPORT_COLUMNS} columns.`);
  const all = rowInputsUnder(table, headerIndex);
  if (all.length === 0) return failed(csvTexts.noDataRows);
  const rows: ReportRowInput[] = [];
  const tooLarge: ParsedReport['tooLarge'] = [];
  for (const row of all) {
    if (Object.values(row.values).some((value) => value.length > MAX_REPORT_CELL_CHARS)) {
      tooLarge.push({ rowNumber: row.rowNumber, reason: `Row ${row.rowNumber}: a cell is longer than ${MAX_REPORT_CELL_CHARS.toLocaleString('en-US')} characters` });
    } else rows.push(row);
  }
  return { ok: true, report: { headers, rows, tooLarge } };
}

export interface ReportParseHandle {
  result: Promise<ParseResult>;
  cancel(): void;
}

export function parseReportFile(file: File, network: ReportNetwork, onProgress: (percent: number) => void): ReportParseHandle {
  const refused = checkCsvFile(file);
  if (refused) return { result: Promise.resolve({ ok: false, problem: refused }), cancel: () => {} };
  // Vite finds the worker by this exact form and bundles it to /_astro/.
  const worker = new Worker(new URL('./report-import-worker.ts', import.meta.url), { type: 'module', name: 'report-parse' });
  const unreadable: ParseResult = { ok: false, problem: { title: csvTexts.unreadable, description: csvTexts.unreadable } };
  const result = new Promise<ParseResult>((resolve) => {
    worker.onmessage = (event: MessageEvent<ReportParseMessage>) => {
      const message = event.data;
      if (message.type === 'progress') return onProgress(message.percent);
      worker.terminate();
      if (message.type === 'unreadable') resolve(unreadable);
      else resolve(message.problem ? failed(message.problem) : reportFromTable(network, message.table));
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(unreadable);
    };
    worker.postMessage({ file } satisfies ReportParseRequest);
  });
  return { result, cancel: () => worker.terminate() };
}
