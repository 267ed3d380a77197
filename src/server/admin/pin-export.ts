/**
 * The CSV route (issue 12, point 5): the selected pins as Pinterest bulk-create files (src/domain/admin/pinterest/
 * bulk-csv.ts), with a product pin's tags as its keywords. Pins already on Pinterest, or being sent, are left out so an upload cannot make them twice.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { pins, products } from '../../../db/schema.ts';
import type { PinExport } from '../../domain/admin/pinterest/api.ts';
import { bulkCsvFiles, csvKeywords, type CsvPin } from '../../domain/admin/pinterest/bulk-csv.ts';
import { absoluteImageUrl } from '../../domain/admin/pinterest/images.ts';
import { env } from '../env.ts';

export async function exportPins(database: Database, ids: readonly number[], now = new Date()): Promise<PinExport> {
  const rows = await database.run((db) =>
    db
      .select({ pin: pins, productAttributes: products.attributes })
      .from(pins)
      .leftJoin(products, eq(products.id, pins.productId))
      .where(inArray(pins.id, [...ids])),
  );
  const byId = new Map(rows.map(({ pin, productAttributes }) => [pin.id, { ...pin, keywords: csvKeywords(productAttributes?.tags) }]));
  const skipped: PinExport['skipped'] = [];
  const exportable: CsvPin[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) skipped.push({ id, reason: 'The pin no longer exists.' });
    else if (row.status === 'published' || row.status === 'publishing') skipped.push({ id, reason: 'Already on Pinterest (or being sent): it is not exported again.' });
    else
      exportable.push({
        id: row.id,
        title: row.title,
        description: row.description,
        link: row.link,
        isAffiliate: row.isAffiliate,
        imageUrl: absoluteImageUrl(row.imageUrl, env().SITE_URL),
        boardName: row.boardName,
        publishAt: row.status === 'scheduled' ? row.publishAt : null,
        // A product pin's keywords are the product's tags (Pinterest's 'Keywords' column).
        keywords: row.keywords,
      });
  }
  const result = bulkCsvFiles(exportable, now);
  return { files: result.files, skipped: [...skipped, ...result.skipped] };
}
