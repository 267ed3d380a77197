/**
 * Edit to live (ARCHITECTURE section 9): an admin's save over HTTP, until the public site serves the change. The local
 * server runs the same rebuild queue as `npm start`, publishing partially from the build it serves
 * (src/server/publishing/partial-build.ts); the figure is the save's answer to the first public answer that shows it.
 *
 * Five edits, each a partial build: one product's price and then its stock (a stock change shifts the lists that hold
 * the product), a new product, a new post, and a category's name (the pages that are not product pages and the
 * category's product pages). The first four are held to the edit-to-live budget, the rename to the full build's own
 * time through the queue, measured first.
 */
import { join, resolve } from 'node:path';
import type { Database } from '../../db/client.ts';
import { specificationsToText } from '../../src/domain/admin/product-form.ts';
import type { Figure } from './report.ts';
import { signInAdmin } from './admin-session.ts';

export interface PublishBenchOptions {
  database: Database;
  databaseUrl: string;
  dir: string;
  port: number;
  productCount: number;
  log: (message: string) => void;
}

const POLL_MS = 100;

export async function measurePublishing(options: PublishBenchOptions): Promise<Figure[]> {
  const { projectRoot } = await import('../../src/server/local/builder.ts');
  const { consoleLogger, silentLogger } = await import('../../src/server/local/logger.ts');
  // Warnings and errors reach the bench's log (a failed build must not look like a slow one); progress does not.
  const logger = { ...consoleLogger, info: () => {} };
  const { startLocalServer } = await import('../../src/server/local/server.ts');
  const { SiteFolders } = await import('../../src/server/local/site-folders.ts');
  const { LocalRebuildQueue } = await import('../../src/server/local/rebuild-queue.ts');
  const { computeFingerprint } = await import('../../src/server/local/fingerprint.ts');
  const { publishBuild } = await import('../../src/server/local/publish-build.ts');
  const { insertBuildRequest, registerLocalBuilder } = await import('../../src/server/rebuild.ts');

  const budget = options.productCount > 10_000 ? 20 : 10;
  const folders = new SiteFolders({ link: join(options.dir, 'published'), buildsDir: join(options.dir, 'published-builds') });
  // The server's log stays quiet: it notes every 404, which polling for a new product's page answers until it is live.
  const server = await startLocalServer({ port: options.port, site: folders, functionsDir: resolve(projectRoot, 'netlify/functions'), logger: silentLogger });
  const queue = new LocalRebuildQueue({
    database: options.database,
    folders,
    fingerprint: () => computeFingerprint({ database: options.database, projectRoot }),
    build: publishBuild({ folders, database: options.database, projectRoot, cacheDir: join(options.dir, 'publish-cache'), databaseUrl: options.databaseUrl, logger }),
    logger,
  });
  const figures: Figure[] = [];
  // Printed as measured too: a later edit that fails must not hide the figures before it.
  const record = (figure: Figure & { value: number }) => {
    figures.push(figure);
    options.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit}`);
  };
  try {
    options.log('publishing: the first (full) build through the rebuild queue');
    const firstStarted = performance.now();
    await insertBuildRequest(options.database, { reason: 'first build', target: 'local' });
    queue.notify();
    await queue.idle();
    if (!queue.outcomes[0]?.ok) throw new Error(`the first build failed: ${queue.outcomes[0]?.error}`);
    const fullBuild = (performance.now() - firstStarted) / 1000;
    record({ name: `publish: full build through the queue, ${options.productCount} products`, value: fullBuild, unit: 's' });
    registerLocalBuilder(queue);

    options.log(`publishing: server at ${server.url}, measuring five edits`);
    const cookie = await signInAdmin(options.database, server.url, 'bench-publish');
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    /** Seconds from the save (`saved`, taken before the request) until `path` shows the change. */
    const liveAfter = async (saved: number, path: string, shows: (html: string) => boolean): Promise<number> => {
      for (;;) {
        const response = await fetch(`${server.url}${path}`);
        if (response.ok && shows(await response.text())) return (performance.now() - saved) / 1000;
        if (performance.now() - saved > 300_000) throw new Error(`${path} did not show the change within 300 s`);
        await new Promise((settle) => setTimeout(settle, POLL_MS));
      }
    };

    // A price: the product's own page, its listings and the catalogue data.
    const list = (await api('GET', '/api/admin/products?sort=name&dir=asc&status=published')) as { rows: { id: number; slug: string }[] };
    const target = list.rows[0]!;
    const { product: stored } = (await api('GET', `/api/admin/products/${target.id}`)) as { product: Record<string, unknown> };
    // As the edit form sends it: the specifications as their textarea shows them.
    const product: Record<string, unknown> = { ...stored, specifications: specificationsToText((stored.specifications ?? {}) as Record<string, unknown>) };
    const price = Math.round((Number(product.price) + 7.77) * 100) / 100;
    const priceText = `$${price.toFixed(2)}`;
    let saved = performance.now();
    await api('PUT', `/api/admin/products/${target.id}`, { ...product, price });
    record({ name: `edit to live: a price, ${options.productCount} products`, value: await liveAfter(saved, `/product/${target.slug}`, (html) => html.includes(priceText)), unit: 's', budget });

    // Its stock: the lists that hold it (All Products, its category) render again; other catalogue pages are kept.
    const inStock = !(product.inStock as boolean);
    const availability = `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`;
    saved = performance.now();
    await api('PUT', `/api/admin/products/${target.id}`, { ...product, price, inStock });
    record({ name: `edit to live: a stock change, ${options.productCount} products`, value: await liveAfter(saved, `/product/${target.slug}`, (html) => html.includes(availability)), unit: 's', budget });

    // A new product, published.
    const name = `Bench Publish Roller ${Date.now()}`;
    saved = performance.now();
    const created = (await api('POST', '/api/admin/products', { ...product, name, slug: undefined, affiliateUrl: `https://www.example.com/bench-${Date.now()}`, price: 19.99 })) as { product: { slug: string } };
    record({ name: `edit to live: a new product, ${options.productCount} products`, value: await liveAfter(saved, `/product/${created.product.slug}`, (html) => html.includes(name)), unit: 's', budget });

    // A new post, published: the newest, so it heads the menus' six newest posts. The menus read those from a file no
    // page names (src/components/header/header-data.ts), so it renders the pages that are not product pages only.
    const title = `Bench publish news ${Date.now()}`;
    saved = performance.now();
    const post = (await api('POST', '/api/admin/blog', { title, excerpt: 'Fresh from the bench.', content: '<p>Fresh.</p>', imageUrl: '', published: true })) as { slug: string };
    const postLive = await liveAfter(saved, `/blog/${post.slug}`, (html) => html.includes(title));
    // The menus' data names it too (it is written in the same publish; checked, not timed again).
    await liveAfter(saved, '/header-data.json', (json) => json.includes(title));
    record({ name: `edit to live: a new post, ${options.productCount} products`, value: postLive, unit: 's', budget });

    // A category's name: its listings, the menus' data, the other pages that are not product pages, and its products'
    // pages (their category badge).
    const { categories } = (await api('GET', '/api/admin/categories')) as { categories: { id: number; name: string; slug: string; description: string | null; showInNavigation: boolean }[] };
    const category = categories.find((entry) => entry.slug !== 'uncategorized' && entry.showInNavigation)!;
    const renamed = `${category.name} Zone`;
    saved = performance.now();
    await api('PUT', `/api/admin/categories/${category.id}`, { name: renamed, description: category.description ?? '', showInNavigation: category.showInNavigation });
    // The category's own page shows the name in its heading.
    record({
      name: `edit to live: a category rename, ${options.productCount} products`,
      value: await liveAfter(saved, `/products/category/${category.slug}`, (html) => html.includes(`${renamed} Products`)),
      unit: 's',
      // A navigation change may take a full build (ARCHITECTURE section 9); it renders the pages that are not
      // product pages and the category's own product pages, so it should come well under one.
      budget: Math.round(fullBuild * 10) / 10,
    });
  } finally {
    registerLocalBuilder(undefined);
    await queue.close();
    await server.close();
    folders.close();
  }
  return figures;
}
