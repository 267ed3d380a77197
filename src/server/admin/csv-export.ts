/**
 * GET /api/admin/products/export (issue 11, point 7): every product matching the Manage list's filter as CSV, written
 * as a stream. A buffered function answer is capped at 6 MB on Netlify and 10,000 products with descriptions can be
 * more, so the file is read a page at a time (keyset on id) as the client takes it, each page one short read that
 * never holds the database queue for long. Pages are separate reads: a product saved during a long export appears as
 * it was when its page was read.
 */
import { and, asc, eq, gt, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { authors, categories, products } from '../../../db/schema.ts';
import { csvHeaderLine, csvLines, productToCsvRecord, type ExportProduct } from '../../domain/admin/csv/export-row.ts';
import { CSV_STATE_FIELDS } from '../../domain/admin/csv/product-state.ts';
import type { ProductFilter } from '../../domain/admin/product-list.ts';
import { productFilterCondition } from './product-list.ts';

/** The columns a row round-trips: the same fields the import compares and writes (product-state.ts). */
const stateColumns = Object.fromEntries(CSV_STATE_FIELDS.map((field) => [field, products[field]])) as { [F in (typeof CSV_STATE_FIELDS)[number]]: (typeof products)[F] };

/**
 * SQLite gives text back only up to its first NUL, so a value stored with one (saved before imported text was
 * cleaned of control characters) would be exported empty: "\0=1+1" as a blank title. The export reads the plain text
 * columns as their bytes instead and decodes them whole; the formula guard then sees the "=" behind the NUL. The JSON
 * columns hold a NUL escaped, as \u0000, and need nothing.
 */
const utf8 = new TextDecoder();
const wholeText = <T extends string | null>(column: AnyColumn) =>
  sql<T>`cast(${column} as blob)`.mapWith((bytes: Uint8Array | ArrayBuffer) => utf8.decode(bytes));
const textColumns = {
  name: wholeText<string>(products.name),
  description: wholeText<string>(products.description),
  imageUrl: wholeText<string | null>(products.imageUrl),
  affiliateUrl: wholeText<string>(products.affiliateUrl),
};

/** Products read per page: about 0.5 MB of CSV with typical descriptions. */
export const EXPORT_PAGE_SIZE = 500;

async function exportPage(database: Database, filter: ProductFilter, afterId: number): Promise<(ExportProduct & { id: number })[]> {
  return database.run((db) =>
    db
      .select({
        id: products.id,
        ...stateColumns,
        ...textColumns,
        categoryName: categories.name,
        reviewerSlug: authors.slug,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      // The review names its reviewer by id; the file names them by slug, which the import reads back.
      .leftJoin(authors, sql`${authors.id} = json_extract(${products.review}, '$.reviewerId')`)
      .where(and(gt(products.id, afterId), productFilterCondition(filter)))
      .orderBy(asc(products.id))
      .limit(EXPORT_PAGE_SIZE),
  );
}

/** The CSV file as a stream of UTF-8 bytes: the header, then a page of rows each time the reader asks for more. */
export function exportProductsCsv(database: Database, filter: ProductFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvHeaderLine()));
          return;
        }
        const page = await exportPage(database, filter, afterId);
        if (page.length > 0) {
          afterId = page[page.length - 1]!.id;
          controller.enqueue(encoder.encode(csvLines(page.map(productToCsvRecord))));
        }
        if (page.length < EXPORT_PAGE_SIZE) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
