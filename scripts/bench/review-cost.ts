/**
 * What editorial reviews cost a full build (the product-page verdict, the score on cards, tables and boxes, the
 * alternatives ranked by score, and the roundups and article blocks that show them): the site built from the seeded
 * database, and again from a copy of it with every product's review removed (`review = NULL`; the roundups and
 * blocks stay, showing no score or verdict). Each build runs as build-cost.ts runs the site's: `npm run build`'s
 * worker in a child process with its own Astro cache, timed, with its CPU time and peak memory. The build without
 * reviews runs first, so a warmer machine favours the build with them, never the other way.
 * Also the product page's HTML with a review against the same pages built without it.
 */
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isNotNull, sql } from 'drizzle-orm';
import { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { htmlFiles, timedChild, type TimedBuild } from './build-cost.ts';
import { median, type Figure } from './report.ts';

const KB = 1024;
const MB = KB * KB;

export interface ReviewCostOptions {
  productCount: number;
  /** A folder of the bench's own for the database copy, outputs and caches. */
  dir: string;
  /** The seeded database file (not a URL): it is copied, never changed. */
  databaseFile: string;
  projectRoot: string;
  log: (message: string) => void;
}

function build(label: string, databaseFile: string, options: ReviewCostOptions): Promise<TimedBuild & { out: string }> {
  const out = join(options.dir, `site-${label}`);
  const cache = join(options.dir, `cache-${label}`);
  rmSync(cache, { recursive: true, force: true });
  options.log(`building the site ${label.replaceAll('-', ' ')} (${options.productCount} products)`);
  return timedChild(
    [resolve(options.projectRoot, 'src/server/local/build-worker.ts'), '--out', out, '--root', options.projectRoot, '--cache-dir', cache, '--quiet'],
    { DATABASE_URL: `file:${databaseFile}`, ASTRO_OUT_DIR: out },
    options.projectRoot,
    'BUILD-SUMMARY ',
  ).then((timed) => ({ ...timed, out }));
}

/** Median bytes and gzip bytes of these product pages in a build. */
function pageWeights(site: string, slugs: readonly string[]): { bytes: number; gzipBytes: number } {
  const bytes: number[] = [];
  const gzipBytes: number[] = [];
  for (const slug of slugs) {
    const html = readFileSync(join(site, 'product', `${slug}.html`));
    bytes.push(html.length);
    gzipBytes.push(gzipSync(html, { level: 9 }).length);
  }
  return { bytes: median(bytes), gzipBytes: median(gzipBytes) };
}

/** Every `step`-th of these, at most `count`. */
function sample<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, index) => index % step === 0).slice(0, count);
}

export async function measureReviewCost(options: ReviewCostOptions): Promise<Figure[]> {
  const stripped = join(options.dir, 'app-without-reviews.db');
  const database = new Database({ url: `file:${options.databaseFile}` });
  let reviewedSlugs: string[];
  try {
    // Into one file, WAL included, so the copy holds every row.
    await database.run((db) => db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`));
    reviewedSlugs = (await database.run((db) => db.select({ slug: products.slug }).from(products).where(isNotNull(products.review)))).map((row) => row.slug);
  } finally {
    database.close();
  }
  copyFileSync(options.databaseFile, stripped);
  const copy = new Database({ url: `file:${stripped}` });
  try {
    await copy.run((db) => db.update(products).set({ review: null }));
  } finally {
    copy.close();
  }

  const without = await build('without-reviews', stripped, options);
  const withReviews = await build('with-reviews', options.databaseFile, options);
  const built = (site: string) => new Set(readdirSync(join(site, 'product')).map((name) => name.replace(/\.html$/, '')));
  const inBoth = built(withReviews.out);
  const reviewed = sample(
    reviewedSlugs.filter((slug) => inBoth.has(slug)),
    200,
  );
  const reviewedSet = new Set(reviewedSlugs);
  const unreviewed = sample(
    [...inBoth].filter((slug) => !reviewedSet.has(slug) && slug !== 'not-found'),
    200,
  );
  const withPages = pageWeights(withReviews.out, reviewed);
  const samePagesWithout = pageWeights(without.out, reviewed);
  const unreviewedPages = pageWeights(withReviews.out, unreviewed);
  const totalHtml = (site: string) => htmlFiles(site).reduce((sum, file) => sum + readFileSync(file).length, 0) / MB;
  const htmlWith = totalHtml(withReviews.out);
  const htmlWithout = totalHtml(without.out);
  rmSync(withReviews.out, { recursive: true, force: true });
  rmSync(without.out, { recursive: true, force: true });

  const seconds = (run: TimedBuild) => run.ms / 1000;
  const part = (run: TimedBuild, key: string) => (run.summary[key] ?? Number.NaN) / 1000;
  const peak = (run: TimedBuild) => (run.peak?.total ?? Number.NaN) / MB;
  const memoryBudget = options.productCount <= 10_000 ? 1.2 * 1024 : 4 * 1024 - 1;
  return [
    { name: `products with an editorial review (of ${options.productCount})`, value: reviewedSlugs.length, unit: '', digits: 0 },
    { name: 'site build with reviews', value: seconds(withReviews), unit: 's' },
    { name: '  of which astro build', value: part(withReviews, 'astroMs'), unit: 's' },
    { name: '  CPU time', value: withReviews.cpuSeconds, unit: 's' },
    { name: 'site build with every review removed', value: seconds(without), unit: 's' },
    { name: '  of which astro build', value: part(without, 'astroMs'), unit: 's' },
    { name: '  CPU time', value: without.cpuSeconds, unit: 's' },
    { name: 'reviews add to the build (CPU time)', value: (withReviews.cpuSeconds ?? Number.NaN) - (without.cpuSeconds ?? Number.NaN), unit: 's' },
    { name: 'site build peak memory with reviews, all processes', value: peak(withReviews), unit: 'MB', budget: memoryBudget, digits: 0 },
    { name: '  without reviews', value: peak(without), unit: 'MB', digits: 0 },
    { name: 'site HTML, all pages, with reviews', value: htmlWith, unit: 'MB', digits: 1 },
    { name: '  without reviews', value: htmlWithout, unit: 'MB', digits: 1 },
    { name: `product page with a review, HTML (median of ${reviewed.length})`, value: withPages.bytes / KB, unit: 'KB' },
    { name: '  the same pages built without their review', value: samePagesWithout.bytes / KB, unit: 'KB' },
    { name: `  a page without a review (median of ${unreviewed.length})`, value: unreviewedPages.bytes / KB, unit: 'KB' },
    { name: '  gzip, with a review', value: withPages.gzipBytes / KB, unit: 'KB' },
    { name: '  gzip, the same pages built without it', value: samePagesWithout.gzipBytes / KB, unit: 'KB' },
  ];
}
