/**
 * One built demo site for every integration file that only reads a build (catalogue-build, seo-audit): built once per
 * run by the integration-builds project's global setup, before its files start, and handed to them with vitest's
 * provide/inject. A file that writes before it builds, or rebuilds, makes a site of its own.
 *
 * The catalogue holds 120 demo products, one of which the admin set back to draft before the build: it must reach no
 * public file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { products as productsTable } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { buildSite } from '../../src/server/local/builder.ts';
import { silentLogger } from '../../src/server/local/logger.ts';
import { createTempDatabase } from './temp-db.ts';

export interface SharedDemoSite {
  /** The built site's folder: read it, never write it. */
  readonly site: string;
  /** The database it was built from: read it, never write it. */
  readonly databaseUrl: string;
  /** The product set back to draft before the build. */
  readonly draft: { id: number; slug: string; name: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedDemoSite: SharedDemoSite;
  }
}

export const SHARED_DEMO_PRODUCTS = 120;

/** vitest's globalSetup: builds the site, provides it, and removes it once every file has run. */
export default async function setup({ provide }: TestProject): Promise<() => void> {
  const temp = await createTempDatabase('repwell-shared-demo-');
  // The site under the project, as the integration-builds files' own temporary folders are (vitest.config.ts says why).
  const work = mkdtempSync(join(import.meta.dirname, '../../.astro/test-tmp/shared-demo-'));
  const cleanup = () => {
    temp.cleanup();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await seedDemoContent(temp.database, { productCount: SHARED_DEMO_PRODUCTS });
    const [draft] = await temp.database.run((db) =>
      db
        .update(productsTable)
        .set({ attributes: sql`json_set(${productsTable.attributes}, '$.status', 'draft')` })
        .where(eq(productsTable.id, sql`(select min(id) from products where availability = 1)`))
        .returning({ id: productsTable.id, slug: productsTable.slug, name: productsTable.name }),
    );
    const site = join(work, 'site');
    await buildSite({ outDir: site, databaseUrl: temp.url, cacheDir: join(work, 'astro-cache'), quiet: true, logger: silentLogger });
    provide('sharedDemoSite', { site, databaseUrl: temp.url, draft: draft! });
  } catch (error) {
    cleanup();
    throw error;
  }
  return cleanup;
}
