/**
 * Pinterest's bulk-create CSV (issue 12, point 5): the route for publishers without an API token, or with Trial
 * access. Column names, their order, the 500-character description, the UTC 'YYYY-MM-DDTHH:MM:SS' publish date and
 * the limits follow Pinterest's template as limits.ts cites it: at most CSV_ROWS_PER_FILE rows a file (a larger
 * selection becomes several files, one download each: no zip library is a dependency, and the admin uploads the
 * files one by one anyway), publish dates at most CSV_PUBLISH_WINDOW_DAYS ahead (a pin scheduled later is left out
 * with the reason; one already due gets an empty date, which Pinterest publishes on upload).
 */
import Papa from 'papaparse';
import { withDisclosure } from './default-texts.ts';
import { CSV_PUBLISH_WINDOW_DAYS, CSV_ROWS_PER_FILE, PIN_CSV_DESCRIPTION_MAX, PIN_TITLE_MAX, truncateText } from './limits.ts';
import { isFormulaLike } from '../csv/formula-guard.ts';

export const CSV_COLUMNS = ['Title', 'Media URL', 'Pinterest board', 'Thumbnail', 'Description', 'Link', 'Publish date', 'Keywords'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRow = Record<CsvColumn, string>;

export interface CsvPin {
  id: number;
  title: string;
  description: string;
  link: string;
  isAffiliate: boolean;
  /** Absolute: Pinterest downloads it. */
  imageUrl: string;
  boardName: string | null;
  publishAt: Date | null;
  keywords?: readonly string[];
}

export interface CsvSkip {
  id: number;
  reason: string;
}

export interface CsvFile {
  filename: string;
  rows: number;
  csv: string;
}

export const csvTexts = {
  noBoard: 'No board chosen: Pinterest’s bulk create needs the board’s name.',
  tooFarAhead: `Scheduled more than ${CSV_PUBLISH_WINDOW_DAYS} days ahead: Pinterest’s bulk create refuses it; export it closer to its date.`,
  noImage: 'No image: Pinterest’s bulk create needs an image address.',
} as const;

/**
 * Cells a spreadsheet would run as a formula get a leading apostrophe (ARCHITECTURE section 7), by the product
 * export's rule. Unlike the product export, a text that already begins with an apostrophe is left alone: this file is
 * read by Pinterest, not imported back, and an extra apostrophe would show on the pin.
 */
export function guardFormula(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}

/** A date as the template writes it: UTC, 'YYYY-MM-DDTHH:MM:SS'. */
export function csvPublishDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** The latest publish date the bulk create accepts, from now. */
export function csvPublishLimit(now: Date): Date {
  return new Date(now.getTime() + CSV_PUBLISH_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

export function csvRow(pin: CsvPin, now: Date): CsvRow | CsvSkip {
  if (!pin.boardName?.trim()) return { id: pin.id, reason: csvTexts.noBoard };
  if (!pin.imageUrl.trim()) return { id: pin.id, reason: csvTexts.noImage };
  if (pin.publishAt && pin.publishAt.getTime() > csvPublishLimit(now).getTime()) return { id: pin.id, reason: csvTexts.tooFarAhead };
  const due = !pin.publishAt || pin.publishAt.getTime() <= now.getTime();
  return {
    Title: guardFormula(truncateText(pin.title, PIN_TITLE_MAX)),
    'Media URL': pin.imageUrl,
    'Pinterest board': guardFormula(pin.boardName.trim()),
    Thumbnail: '',
    Description: guardFormula(withDisclosure(pin.description, pin.isAffiliate, PIN_CSV_DESCRIPTION_MAX)),
    Link: pin.link,
    'Publish date': due ? '' : csvPublishDate(pin.publishAt!),
    Keywords: guardFormula((pin.keywords ?? []).join(',')),
  };
}

/** At most this many keywords a pin: the product's tags are capped at 10 too (spec section 9). */
export const CSV_KEYWORDS_MAX = 10;

/**
 * A product's tags as the 'Keywords' cell's list: text tags only, trimmed, without the commas that separate the
 * keywords in the cell, each once (case ignored), at most CSV_KEYWORDS_MAX.
 */
export function csvKeywords(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const keyword = tag.replace(/[,\r\n]+/g, ' ').replace(/\s+/g, ' ').trim();
    if (keyword === '' || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    keywords.push(keyword);
    if (keywords.length === CSV_KEYWORDS_MAX) break;
  }
  return keywords;
}

function isSkip(row: CsvRow | CsvSkip): row is CsvSkip {
  return 'reason' in row;
}

/** The selected pins as bulk-create files of at most CSV_ROWS_PER_FILE rows, and the pins left out with the reason. */
export function bulkCsvFiles(pins: readonly CsvPin[], now: Date): { files: CsvFile[]; skipped: CsvSkip[] } {
  const rows: CsvRow[] = [];
  const skipped: CsvSkip[] = [];
  for (const pin of pins) {
    const row = csvRow(pin, now);
    if (isSkip(row)) skipped.push(row);
    else rows.push(row);
  }
  const parts = Math.ceil(rows.length / CSV_ROWS_PER_FILE);
  const stamp = csvPublishDate(now).replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  const files: CsvFile[] = [];
  for (let part = 0; part < parts; part++) {
    const chunk = rows.slice(part * CSV_ROWS_PER_FILE, (part + 1) * CSV_ROWS_PER_FILE);
    const suffix = parts > 1 ? `-part-${part + 1}-of-${parts}` : '';
    files.push({
      filename: `pinterest-pins-${stamp}${suffix}.csv`,
      rows: chunk.length,
      // Every cell quoted: descriptions carry commas and line breaks; \r\n as RFC 4180 writes it.
      csv: Papa.unparse({ fields: [...CSV_COLUMNS], data: chunk.map((row) => CSV_COLUMNS.map((column) => row[column])) }, { quotes: true, newline: '\r\n' }),
    });
  }
  return { files, skipped };
}
