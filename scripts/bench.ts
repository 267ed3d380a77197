/**
 * `npm run bench`: the performance budgets at 10,000 products (issue 4, ARCHITECTURE section 9).
 *
 * 1. Seeds a fresh database in a temporary folder with 10,000 demo products.
 * 2. Builds the plain-Astro floor (bench/floor, the same products as JSON) and the site with its pagefind index
 *    (each its own Astro cache), interleaved: wall times and their ratio, peak memory, HTML weights
 *    (scripts/bench/build-cost.ts).
 * 3. Serves the build with the local server and measures in Chromium: what the first /products
 *    view downloads, and how fast the catalogue answers filter and sort changes.
 * 4. Runs Lighthouse's mobile preset on every public template (home, the static pages, the blog list, a plain post, a
 *    roundup, a post with a comparison table of 8 products, which the bench adds: scripts/bench/table-post.ts, a
 *    product page with and without a verdict, /products), and weighs the JavaScript each template ships against its
 *    budget (scripts/bench/javascript-budgets.ts).
 *
 * 5. Times the admin products list over HTTP with an admin session (scripts/bench/admin-list.ts).
 * 6. Imports a 10,000-row, 5 MB CSV in the admin's CSV Import tab in Chromium (scripts/bench/csv-import.ts).
 *
 * Prints a table of figures with budgets and exits non-zero when a budget fails.
 *
 *   npm run bench [-- --products N] [-- --keep] [-- --rounds R]
 *   npm run bench -- build          only the full build against the floor (R rounds of each, interleaved; default 1)
 *   npm run bench -- pages          only the public pages: builds, weighs each template's JavaScript and runs Lighthouse
 *                                   on every public template (with --products 640, the demo's scale)
 *   npm run bench -- review-cost    only what editorial reviews cost: the full build with them and from a copy of the
 *                                   database without them, and a product page's HTML either way (scripts/bench/review-cost.ts)
 *   npm run bench -- catalogue [--site DIR]
 *                                   only the catalogue in Chromium (its JavaScript, first view, filters and sorts): seeds
 *                                   and builds the site alone, or, with --site, measures a site already built (the `site`
 *                                   folder of a bench run with --keep, or `npm run build -- --out DIR`) as many times as
 *                                   wanted without building again
 *   npm run bench -- admin-list     only the admin list: seeds, serves the functions, no site build
 *   npm run bench -- add-by-link    only add by link against a fixture retailer on 127.0.0.1 (scripts/bench/add-by-link.ts)
 *   npm run bench -- csv-import     only the CSV import: seeds, builds (the admin page is part of the site), imports
 *   npm run bench -- track [--requests 20000]
 *                                   only the click beacon endpoint: seeds, serves the functions, fires beacons (scripts/bench/track.ts)
 *   npm run bench -- link-health [--links 2000] [--hosts 50] [--interval 1000]
 *                                   only the link checker over fixture retailers on 127.0.0.1 (scripts/bench/link-health.ts)
 *   npm run bench -- price-refresh [--products 10000] [--rate 50]
 *                                   only the Amazon price refresh against a fake Creators API on 127.0.0.1, paced at
 *                                   --rate requests a second, and its time projected at Amazon's 1 request a second
 *                                   (scripts/bench/price-refresh.ts)
 *   npm run bench -- functions      only the function bundles: zip sizes, and cold starts of sign-in, a beacon and the admin
 *                                   list under Lambda's options against a remote database (scripts/bench/functions.ts)
 *   npm run bench -- publish        only edit to live: a price, a stock change, a new product, a new post and a
 *                                   category rename saved over HTTP until the public page shows them
 *                                   (scripts/bench/publish.ts)
 *   npm run bench -- analytics      only the analytics dashboard's queries: 1,000,000 events and 20,000 conversions
 *                                   over 365 days, a 90-day range, directly and over HTTP (scripts/bench/analytics.ts)
 *
 * It builds, so do not run it at the same time as another build of this checkout (Astro shares
 * .astro/): `flock /tmp/repwell-build.lock npm run bench`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { servedPath } from '../src/domain/page-path.ts';
import { chromiumArgs, findChromium } from '../tests/e2e/chromium.ts';
import { CPU_SLOWDOWN, measureFilters, measureFirstView, WARM_RUNS } from './bench/catalogue-browser.ts';
import { javascriptFigures, publicTemplates } from './bench/javascript-budgets.ts';
import { runLighthouse } from './bench/lighthouse.ts';
import { renderTable, verdict, type Figure } from './bench/report.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    products: { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    links: { type: 'string', default: '2000' },
    hosts: { type: 'string', default: '50' },
    interval: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '1' },
    rate: { type: 'string', default: '50' },
    site: { type: 'string' },
  },
});
const productCount = Number(values.products);
const lighthouseRuns = Number(values['lighthouse-runs']);
const suites = ['build', 'pages', 'review-cost', 'catalogue', 'admin-list', 'add-by-link', 'csv-import', 'link-health', 'track', 'analytics', 'functions', 'publish', 'price-refresh'] as const;
const only = positionals[0] as (typeof suites)[number] | undefined;
if (only !== undefined && !suites.includes(only)) throw new Error(`Unknown bench "${only}": choose one of ${suites.join(', ')}, or none for all.`);

/** Filter and sort combinations timed in the browser: sorts over everything, a category, narrowing, search, Top Picks. */
const FILTER_QUERIES = [
  'sort=price-low',
  'sort=rating',
  'sort=name',
  'category=fitness',
  'category=fitness&sort=price-high&rating=4%2B',
  'min_price=50&max_price=150&availability=in-stock,out-of-stock',
  'features=best-seller,amazon-choice&rating=3%2B',
  'search=foam',
  'category=recovery&search=roller&sort=price-low',
  'featured=true',
];

const KB = 1024;
const log = (message: string) => console.log(`bench: ${message}`);

async function main(): Promise<number> {
  const chromePath = findChromium();
  if (!chromePath && (only === undefined || only === 'csv-import' || only === 'pages' || only === 'catalogue')) throw new Error('No Chromium found (see tests/e2e/chromium.ts); run `node scripts/ensure-chromium.ts`.');
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'repwell-bench-'));
  const databaseUrl = `file:${join(dir, 'app.db')}`;
  // Server modules read DATABASE_URL once, on first use: the functions the local server runs
  // (tracking beacons from the pages) must write to the benchmark's database, not the real one.
  process.env.DATABASE_URL = databaseUrl;
  // Writes (the CSV import) must come from SITE_URL's origin, and env() reads it once: fix the port before serving.
  const port = await freePort();
  process.env.SITE_URL = `http://localhost:${port}`;
  const { Database } = await import('../db/client.ts');
  const { applyMigrations } = await import('../db/migrate.ts');
  const { seedDemoContent } = await import('../db/seed/index.ts');
  const { buildSite, projectRoot } = await import('../src/server/local/builder.ts');
  const { silentLogger } = await import('../src/server/local/logger.ts');
  const { startLocalServer } = await import('../src/server/local/server.ts');
  const figures: Figure[] = [];

  try {
    if (only === 'link-health') {
      const { measureLinkHealth } = await import('./bench/link-health.ts');
      figures.push(...(await measureLinkHealth({ links: Number(values.links), hosts: Number(values.hosts), intervalMs: Number(values.interval) }, log)));
      return report(figures, started);
    }
    if (only === 'price-refresh') {
      const { measurePriceRefresh } = await import('./bench/price-refresh.ts');
      figures.push(...(await measurePriceRefresh({ products: productCount, rate: Number(values.rate) }, log)));
      return report(figures, started);
    }
    if (only === 'analytics') {
      figures.push(...(await analyticsFigures(databaseUrl, dir, port)));
      return report(figures, started);
    }
    if (only === 'catalogue' && values.site !== undefined) {
      // The pages' own requests (session, beacons) go to the bench's empty database, not the one the site was built from.
      const database = new Database({ url: databaseUrl });
      await applyMigrations(database);
      database.close();
      figures.push(...(await catalogueFigures(resolve(values.site), port)));
      return report(figures, started);
    }
    log(`seeding ${productCount} products into ${dir}`);
    const seedStarted = performance.now();
    const database = new Database({ url: databaseUrl });
    await applyMigrations(database);
    await seedDemoContent(database, { productCount });
    figures.push({ name: 'seed database (setup, no budget)', value: (performance.now() - seedStarted) / 1000, unit: 's' });
    if (only === undefined || only === 'build' || only === 'pages') {
      const { addTablePost } = await import('./bench/table-post.ts');
      await addTablePost(database);
    }
    database.close();

    if (only === 'review-cost') {
      const { measureReviewCost } = await import('./bench/review-cost.ts');
      figures.push(...(await measureReviewCost({ productCount, dir, databaseFile: join(dir, 'app.db'), projectRoot, log })));
      return report(figures, started);
    }

    if (only === 'catalogue') {
      const site = join(dir, 'site');
      log('building the site');
      await buildSite({ outDir: site, databaseUrl, cacheDir: join(dir, 'astro-cache'), quiet: true, logger: silentLogger });
      figures.push(...(await catalogueFigures(site, port)));
      return report(figures, started);
    }

    if (only === 'pages') {
      const site = join(dir, 'site');
      log(`building the site (${productCount} products)`);
      await buildSite({ outDir: site, databaseUrl, cacheDir: join(dir, 'astro-cache'), quiet: true, logger: silentLogger });
      figures.push(...javascriptFigures(site));
      const server = await startLocalServer({ port, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
      try {
        figures.push(...(await lighthouseFigures(server.url, lighthousePages(site), chromePath!)));
      } finally {
        await server.close();
      }
      return report(figures, started);
    }

    if (only === 'publish') {
      figures.push(...(await publishFigures(databaseUrl, dir, port)));
      return report(figures, started);
    }

    if (only === 'admin-list') {
      const site = join(dir, 'site');
      mkdirSync(site);
      figures.push(...(await adminListFigures(databaseUrl, site, port)));
      return report(figures, started);
    }

    if (only === 'functions') {
      const { measureFunctions } = await import('./bench/functions.ts');
      const database = new Database({ url: databaseUrl });
      try {
        figures.push(...(await measureFunctions(database, join(dir, 'app.db'), dir, log)));
      } finally {
        database.close();
      }
      return report(figures, started);
    }

    if (only === 'track') {
      const site = join(dir, 'site');
      mkdirSync(site);
      figures.push(...(await trackFigures(databaseUrl, site, port)));
      return report(figures, started);
    }

    if (only === 'csv-import') {
      const site = join(dir, 'site');
      log('building the site (the admin app is one of its pages)');
      await buildSite({ outDir: site, databaseUrl, cacheDir: join(dir, 'astro-cache'), quiet: true, logger: silentLogger });
      const server = await startLocalServer({ port, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
      try {
        figures.push(...(await measureCsvImportOn(databaseUrl, server.url, chromePath!)));
      } finally {
        await server.close();
      }
      return report(figures, started);
    }
    if (only === 'add-by-link') {
      const site = join(dir, 'site');
      mkdirSync(site);
      figures.push(...(await addByLinkFigures(databaseUrl, site)));
      return report(figures, started);
    }

    const site = join(dir, 'site');
    const { measureBuildCost } = await import('./bench/build-cost.ts');
    const rounds = Number(values.rounds);
    figures.push(...(await measureBuildCost({ productCount, dir, databaseUrl, projectRoot, rounds, siteOut: only === 'build' ? undefined : site, log })));
    if (only === 'build') return report(figures, started);
    figures.push(...javascriptFigures(site));

    const server = await startLocalServer({ port, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
    try {
      log(`measuring the catalogue in Chromium at ${server.url}`);
      const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        figures.push(...(await catalogueBrowserFigures(page, server.url)));
      } finally {
        await browser.close();
      }

      figures.push(...(await measureAdminListOn(databaseUrl, server.url)));

      figures.push(...(await lighthouseFigures(server.url, lighthousePages(site), chromePath!)));
      // Last: the import changes the catalogue the figures above measured.
      figures.push(...(await measureCsvImportOn(databaseUrl, server.url, chromePath!)));
    } finally {
      await server.close();
    }

    const { measureLinkHealth } = await import('./bench/link-health.ts');
    figures.push(...(await measureLinkHealth({ links: Number(values.links), hosts: Number(values.hosts), intervalMs: Number(values.interval) }, log)));
    const { measurePriceRefresh } = await import('./bench/price-refresh.ts');
    figures.push(...(await measurePriceRefresh({ products: productCount, rate: Number(values.rate) }, log)));
    // Edit to live: saves a price, a new product and a category name, so after everything that reads the catalogue.
    figures.push(...(await publishFigures(databaseUrl, dir, port)));
  } finally {
    if (values.keep) log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }

  return report(figures, started);
}

/** What the first /products view downloads, and how fast filters and sorts answer (scripts/bench/catalogue-browser.ts). */
async function catalogueBrowserFigures(page: Page, serverUrl: string): Promise<Figure[]> {
  const firstView = await measureFirstView(page, serverUrl);
  const figures: Figure[] = [
    { name: 'first /products view: catalogue data (JSON)', value: firstView.dataBytes / KB, unit: 'KB', budget: 150 },
    { name: 'first /products view: document + data', value: (firstView.documentBytes + firstView.dataBytes) / KB, unit: 'KB', budget: 150 },
  ];
  const timings = await measureFilters(page, FILTER_QUERIES);
  for (const timing of timings) {
    figures.push({
      name: `filter/sort ${timing.query || '(default)'} (median of ${WARM_RUNS}, CPU ${CPU_SLOWDOWN}× slower)`,
      value: timing.warmMs,
      unit: 'ms',
      budget: 50,
    });
    figures.push({ name: '  first time, data files downloaded (cold)', value: timing.coldMs, unit: 'ms' });
  }
  return figures;
}

/**
 * `npm run bench -- catalogue`: the catalogue's JavaScript and its figures in Chromium, against a built site served by
 * the local server (its functions write to DATABASE_URL, the bench's own database unless --site names another build).
 */
async function catalogueFigures(site: string, port: number): Promise<Figure[]> {
  const { projectRoot } = await import('../src/server/local/builder.ts');
  const { silentLogger } = await import('../src/server/local/logger.ts');
  const { startLocalServer } = await import('../src/server/local/server.ts');
  const { CATALOGUE_BUDGET_KB, shippedKb } = await import('./bench/javascript-budgets.ts');
  const figures: Figure[] = [{ name: 'JavaScript gzip, catalogue /products', value: shippedKb(site, 'products.html'), unit: 'KB', budget: CATALOGUE_BUDGET_KB }];
  const server = await startLocalServer({ port, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
  try {
    log(`measuring the catalogue in Chromium at ${server.url} (load average ${loadavg().map((load) => load.toFixed(2)).join(', ')})`);
    const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      figures.push(...(await catalogueBrowserFigures(page, server.url)));
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
  log(`load average after: ${loadavg().map((load) => load.toFixed(2)).join(', ')}`);
  return figures;
}

interface LighthousePage {
  path: string;
  label: string;
  /** None: printed for the record, as a reference for the pages that have one. */
  scoreBudget?: number;
  tbtBudget?: number;
}

/**
 * Every public template of the build (publicTemplates in javascript-budgets.ts: the editorial pages, the product page
 * with and without a verdict, the catalogue, home and the static pages), each held to a mobile score of 100, TBT at
 * most 50 ms and CLS at most 0.02 (ARCHITECTURE section 9). The plain blog post comes before the posts with products:
 * on a busy machine Lighthouse's TBT grows on every page, and the plain post shows how much of a post's is the machine's.
 */
function lighthousePages(site: string): LighthousePage[] {
  return publicTemplates(site).map((template) => ({ path: servedPath(`/${template.file}`), label: template.name, scoreBudget: 100, tbtBudget: 50 }));
}

async function lighthouseFigures(serverUrl: string, pages: readonly LighthousePage[], chromePath: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const { path, label, scoreBudget, tbtBudget } of pages) {
    log(`Lighthouse (mobile, ${lighthouseRuns} runs) on ${path}`);
    const result = await runLighthouse(`${serverUrl}${path}`, chromePath, lighthouseRuns);
    figures.push(
      { name: `Lighthouse mobile performance, ${label}`, value: result.performance, unit: '', budget: scoreBudget, atLeast: true, digits: 0 },
      { name: `  CLS, ${label}`, value: result.cls, unit: '', budget: 0.02, digits: 3 },
      { name: `  TBT, ${label}`, value: result.tbtMs, unit: 'ms', budget: tbtBudget, digits: 0 },
      { name: `  LCP, ${label}`, value: result.lcpMs, unit: 'ms', digits: 0 },
    );
  }
  return figures;
}

/** The admin list figures against a running server (its functions use DATABASE_URL, set above). */
async function measureAdminListOn(databaseUrl: string, serverUrl: string): Promise<Figure[]> {
  const { Database } = await import('../db/client.ts');
  const { measureAdminList } = await import('./bench/admin-list.ts');
  log(`timing the admin products list at ${serverUrl}`);
  const database = new Database({ url: databaseUrl });
  try {
    return await measureAdminList(database, serverUrl, log);
  } finally {
    database.close();
  }
}

/** The CSV import in Chromium against a running server (its functions use DATABASE_URL, set above). */
async function measureCsvImportOn(databaseUrl: string, serverUrl: string, chromePath: string): Promise<Figure[]> {
  const { Database } = await import('../db/client.ts');
  const { measureCsvImport } = await import('./bench/csv-import.ts');
  log(`importing a 10,000-row CSV at ${serverUrl}`);
  const database = new Database({ url: databaseUrl });
  try {
    return await measureCsvImport(database, serverUrl, chromePath, log);
  } finally {
    database.close();
  }
}

/** `npm run bench -- admin-list`: the functions alone, over an empty site folder. */
async function adminListFigures(databaseUrl: string, site: string, port: number): Promise<Figure[]> {
  const { projectRoot } = await import('../src/server/local/builder.ts');
  const { silentLogger } = await import('../src/server/local/logger.ts');
  const { startLocalServer } = await import('../src/server/local/server.ts');
  const server = await startLocalServer({ port, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
  try {
    return await measureAdminListOn(databaseUrl, server.url);
  } finally {
    await server.close();
  }
}

/** `npm run bench -- track`: the functions alone, over an empty site folder (scripts/bench/track.ts). */
async function trackFigures(databaseUrl: string, site: string, port: number): Promise<Figure[]> {
  const { Database } = await import('../db/client.ts');
  const { projectRoot } = await import('../src/server/local/builder.ts');
  const { silentLogger } = await import('../src/server/local/logger.ts');
  const { startLocalServer } = await import('../src/server/local/server.ts');
  const { measureTrack } = await import('./bench/track.ts');
  // As `npm start` runs it (batchScheduling); this suite starts no browser that would inherit the policy.
  const server = await startLocalServer({ port, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger, batchScheduling: true });
  const database = new Database({ url: databaseUrl });
  try {
    return await measureTrack(database, server.url, Number(values.requests), log);
  } finally {
    database.close();
    await server.close();
  }
}

/** `npm run bench -- analytics`: its own history (no demo catalogue), the functions over an empty site folder. */
async function analyticsFigures(databaseUrl: string, dir: string, port: number): Promise<Figure[]> {
  const { Database } = await import('../db/client.ts');
  const { applyMigrations } = await import('../db/migrate.ts');
  const { projectRoot } = await import('../src/server/local/builder.ts');
  const { silentLogger } = await import('../src/server/local/logger.ts');
  const { startLocalServer } = await import('../src/server/local/server.ts');
  const { DEFAULT_SEED, measureAnalytics, seedAnalyticsHistory } = await import('./bench/analytics.ts');
  const database = new Database({ url: databaseUrl });
  try {
    await applyMigrations(database);
    const now = Date.now();
    log(`seeding ${DEFAULT_SEED.events.toLocaleString('en-US')} events and ${DEFAULT_SEED.conversions.toLocaleString('en-US')} conversions into ${dir}`);
    const seconds = await seedAnalyticsHistory(database, DEFAULT_SEED, now);
    const site = join(dir, 'site');
    mkdirSync(site);
    const server = await startLocalServer({ port, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
    try {
      log(`timing the analytics queries at ${server.url}`);
      return [{ name: 'seed analytics history (setup, no budget)', value: seconds, unit: 's' }, ...(await measureAnalytics(database, server.url, new Date(now).toISOString().slice(0, 10), log))];
    } finally {
      await server.close();
    }
  } finally {
    database.close();
  }
}

/** `npm run bench -- add-by-link`: the functions alone, over an empty site folder, and a retailer on 127.0.0.1. */
async function addByLinkFigures(databaseUrl: string, site: string): Promise<Figure[]> {
  const { Database } = await import('../db/client.ts');
  const { projectRoot } = await import('../src/server/local/builder.ts');
  const { silentLogger } = await import('../src/server/local/logger.ts');
  const { startLocalServer } = await import('../src/server/local/server.ts');
  const { measureAddByLink, startBenchRetailer } = await import('./bench/add-by-link.ts');
  const shop = await startBenchRetailer();
  const server = await startLocalServer({ port: 0, site, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
  const database = new Database({ url: databaseUrl });
  try {
    return await measureAddByLink(database, server.url, shop, log);
  } finally {
    database.close();
    await server.close();
    await shop.close();
  }
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

function report(figures: readonly Figure[], started: number): number {
  console.log('');
  console.log(renderTable(figures));
  console.log('');
  const failed = figures.filter((figure) => verdict(figure) === 'FAIL');
  log(
    `finished in ${((performance.now() - started) / 1000).toFixed(0)} s; ${failed.length === 0 ? 'every budget holds' : `${failed.length} budget(s) failed`}`,
  );
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

async function publishFigures(databaseUrl: string, dir: string, port: number): Promise<Figure[]> {
  const { Database } = await import('../db/client.ts');
  const { measurePublishing } = await import('./bench/publish.ts');
  const database = new Database({ url: databaseUrl });
  try {
    return await measurePublishing({ database, databaseUrl, dir, port, productCount, log });
  } finally {
    database.close();
  }
}
