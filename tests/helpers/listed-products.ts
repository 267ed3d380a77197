/** The first `count` listed, available products of a seeded database, by id: what block and roundup tests reference. */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';

export async function listedProducts(database: Database, count: number): Promise<{ ids: number[]; slugOf: Map<number, string> }> {
  const rows = await database.run((db) =>
    db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(and(ne(products.status, 'draft'), eq(products.availability, true)))
      .orderBy(asc(products.id))
      .limit(count),
  );
  return { ids: rows.map((row) => row.id), slugOf: new Map(rows.map((row) => [row.id, row.slug])) };
}
