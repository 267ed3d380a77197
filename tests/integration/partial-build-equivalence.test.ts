/**
 * A partial build is a full build, file for file (ARCHITECTURE section 13). A seeded random series of the edits an
 * editor makes (prices, a price's check time, texts, stock, status, category moves, renames, slug changes, editorial
 * reviews, deletes, new products, posts published and withdrawn, a post's product blocks changing the products it
 * features, a roundup's picks, a category's and a reviewer's names, the hero) is published after each edit by
 * publishSite, starting from the build before; a full build of the final data must then give the very same files,
 * byte for byte, and the series must have taken the partial path.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mulberry32 as random } from '../../db/seed/random.ts';
import { authors, blogPosts, categories, products, productSlugRedirects, settings } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { HERO_SETTING_ID } from '../../src/domain/hero.ts';
import { buildSite, projectRoot, renderFromKept } from '../../src/server/local/builder.ts';
import { silentLogger } from '../../src/server/local/logger.ts';
import { keptRendererDir, PUBLISH_STATE_FILE, publishSite, type PublishResult } from '../../src/server/publishing/partial-build.ts';
import { BUILD_RECORD_FILE } from '../../src/server/local/build-record.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let work: string;

beforeAll(async () => {
  temp = await createTempDatabase('repwell-partial-');
  await seedDemoContent(temp.database, { productCount: 40 });
  // A post with product blocks from the start: every edit to a product it features must reach it, and its product
  // pages' 'Read our review' link, through the partial path too.
  const featured = await temp.database.run((db) => db.select({ id: products.id }).from(products).orderBy(products.id).limit(6));
  await writePicksPost(featured.slice(0, 3).map((row) => row.id));
  // A roundup whose picks no block features: their pages' 'Read our review' link comes from the roundup alone.
  await writeRoundup(featured.slice(3).map((row) => row.id));
  // Reviewers named on four products: the steps before the reviewer's rename (step 3) change three products at most,
  // so one is always left to rename.
  await nameReviewers(featured.length, 4);
  work = mkdtempSync(join(tmpdir(), 'repwell-partial-build-'));
});

afterAll(() => {
  temp?.cleanup();
  if (work) {
    for (const site of ['series', 'full']) rmSync(keptRendererDir(projectRoot, join(work, site)), { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
});

type Edit = (pick: () => number) => Promise<string>;

const PICKS_SLUG = 'our-picks';

/** The post with blocks: a box of the first product, a ranked list and a table of them all. */
async function writePicksPost(ids: number[]): Promise<void> {
  const list = ids.join(',');
  const content = `<p>What we use.</p><div data-product-block="box" data-product-ids="${ids[0]}"></div><div data-product-block="list" data-product-ids="${list}"></div><div data-product-block="table" data-product-ids="${list}" data-product-rows="price,rating,stock"></div>`;
  await temp.database.run(async (db) => {
    const updated = await db.update(blogPosts).set({ content }).where(eq(blogPosts.slug, PICKS_SLUG)).returning({ id: blogPosts.id });
    if (updated.length === 0) await db.insert(blogPosts).values({ slug: PICKS_SLUG, title: 'Our picks', excerpt: 'What we use.', content, published: true, publishedAt: new Date(Date.UTC(2026, 0, 5)) });
  });
}

async function writeRoundup(ids: number[]): Promise<void> {
  const roundup = {
    thing: 'test picks',
    year: 2026,
    picks: ids.map((productId, index) => ({ productId, award: index === 0 ? 'Best Overall' : `Pick ${index + 1}`, paragraph: `<p>Pick ${index + 1}.</p>` })),
    howWeChose: '<p>We chose.</p>',
    competition: '',
  };
  await temp.database.run((db) =>
    db.insert(blogPosts).values({ slug: 'the-best-test-picks-of-2026', title: 'The best test picks of 2026', excerpt: 'Picks.', content: '<p>Intro.</p>', kind: 'roundup', roundup, published: true, publishedAt: new Date(Date.UTC(2026, 0, 6)) }),
  );
}

/** Slugs the series renamed, old to new. */
const renames: [string, string][] = [];

async function anyProduct(pick: () => number) {
  const rows = await temp.database.run((db) => db.select().from(products).orderBy(products.id));
  return rows[Math.floor(pick() * rows.length)]!;
}

const edits: Record<string, Edit> = {
  async price(pick) {
    const product = await anyProduct(pick);
    await temp.database.run((db) => db.update(products).set({ price: Math.round(product.price * 107) / 100 + 1 }).where(eq(products.id, product.id)));
    return `price of ${product.slug}`;
  },
  async priceAge(pick) {
    // A price check dated now, or three days ago (stale: the page and its cards show no amount).
    const product = await anyProduct(pick);
    const stale = pick() < 0.5;
    const checkedAt = new Date(Date.now() - (stale ? 72 * 3_600_000 : 0));
    await temp.database.run((db) => db.update(products).set({ priceCheckedAt: checkedAt, priceSource: 'creators-api' }).where(eq(products.id, product.id)));
    return `price of ${product.slug} checked ${stale ? 'three days ago' : 'now'}`;
  },
  async text(pick) {
    const product = await anyProduct(pick);
    await temp.database.run((db) =>
      db.update(products).set({ name: `${product.name} Plus`, description: `${product.description}<p>Tested for a month.</p>` }).where(eq(products.id, product.id)),
    );
    return `name and description of ${product.slug}`;
  },
  async stock(pick) {
    const product = await anyProduct(pick);
    await temp.database.run((db) => db.update(products).set({ inStock: !product.inStock }).where(eq(products.id, product.id)));
    return `stock of ${product.slug}`;
  },
  async status(pick) {
    const product = await anyProduct(pick);
    const status = product.attributes.status === 'draft' ? 'published' : 'draft';
    await temp.database.run((db) => db.update(products).set({ attributes: sql`json_set(${products.attributes}, '$.status', ${status})` }).where(eq(products.id, product.id)));
    return `status of ${product.slug} to ${status}`;
  },
  async category(pick) {
    const product = await anyProduct(pick);
    const all = await temp.database.run((db) => db.select({ id: categories.id }).from(categories).orderBy(categories.id));
    const other = all.filter((category) => category.id !== product.categoryId);
    const target = other[Math.floor(pick() * other.length)]!;
    await temp.database.run((db) => db.update(products).set({ categoryId: target.id }).where(eq(products.id, product.id)));
    return `category of ${product.slug}`;
  },
  async slug(pick) {
    const product = await anyProduct(pick);
    // As the product form's rename does (product-writes.ts): the old address redirects to the new one.
    await temp.database.run(async (db) => {
      await db.update(products).set({ slug: `${product.slug}-renamed` }).where(eq(products.id, product.id));
      await db.insert(productSlugRedirects).values({ oldSlug: product.slug, productId: product.id, createdAt: new Date() });
    });
    renames.push([product.slug, `${product.slug}-renamed`]);
    return `slug of ${product.slug}`;
  },
  async review(pick) {
    // The editorial review: set, changed or removed (its page, the cards with its award and score, and the pages
    // listing it among their alternatives, ordered by score, follow).
    const product = await anyProduct(pick);
    const roll = pick();
    const review =
      roll < 0.25
        ? null
        : {
            verdict: `Quiet and sturdy, tested ${Math.floor(pick() * 1000)} times.`,
            pros: ['Quiet', 'Sturdy'],
            cons: roll < 0.5 ? [] : ['Heavy'],
            bestFor: 'Small rooms',
            skipIf: '',
            score: 1 + Math.floor(pick() * 19) / 2,
            award: roll < 0.6 ? 'Best Overall' : '',
            reviewerId: null,
            testedOn: null,
            updatedOn: '2026-10-01',
          };
    await temp.database.run((db) => db.update(products).set({ review }).where(eq(products.id, product.id)));
    return `review of ${product.slug} ${review ? `scored ${review.score}` : 'removed'}`;
  },
  async remove(pick) {
    const product = await anyProduct(pick);
    await temp.database.run((db) => db.delete(products).where(eq(products.id, product.id)));
    return `deleted ${product.slug}`;
  },
  async feature(pick) {
    // The post starts featuring other products (and stops featuring some): their pages' review link changes.
    const chosen = [...new Set([(await anyProduct(pick)).id, (await anyProduct(pick)).id])];
    await writePicksPost(chosen);
    return `${PICKS_SLUG} now features ${chosen.join(', ')}`;
  },
  async repick(pick) {
    // The roundup picks other products: their pages' review link follows the roundup, not only blocks.
    const chosen = [...new Set([(await anyProduct(pick)).id, (await anyProduct(pick)).id])];
    await temp.database.run((db) => db.delete(blogPosts).where(eq(blogPosts.slug, 'the-best-test-picks-of-2026')));
    await writeRoundup(chosen);
    return `the roundup now picks ${chosen.join(', ')}`;
  },
  async add(pick) {
    const { id: _id, ...product } = await anyProduct(pick);
    const nonce = Math.floor(pick() * 1e9);
    await temp.database.run((db) =>
      db.insert(products).values({ ...product, slug: `new-product-${nonce}`, name: `New Product ${nonce}`, affiliateUrl: `https://www.example.com/new-${nonce}`, affiliateLinkId: null }),
    );
    return `added new-product-${nonce}`;
  },
  async post(pick) {
    // A new post, the newest (the menus' six newest change), or a post withdrawn.
    const nonce = Math.floor(pick() * 1e9);
    if (pick() < 0.7) {
      await temp.database.run((db) =>
        db.insert(blogPosts).values({ slug: `news-${nonce}`, title: `News ${nonce}`, excerpt: 'Fresh.', content: '<p>Fresh.</p>', published: true, publishedAt: new Date() }),
      );
      return `published news-${nonce}`;
    }
    const posts = await temp.database.run((db) => db.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.published, true)).orderBy(blogPosts.id));
    // Not the post with blocks, which later steps edit; the roundup may go, and its picks' review links with it.
    const others = posts.filter((row) => row.slug !== PICKS_SLUG);
    const post = others[Math.floor(pick() * others.length)]!;
    await temp.database.run((db) => db.update(blogPosts).set({ published: false }).where(eq(blogPosts.id, post.id)));
    return `withdrew ${post.slug}`;
  },
};

/** Renames a category shown in the navigation, as the categories screen does (its slug stays). */
async function renameCategory(pick: () => number): Promise<string> {
  const shown = await temp.database.run((db) => db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.showInNavigation, true)).orderBy(categories.id));
  const category = shown[Math.floor(pick() * shown.length)]!;
  await temp.database.run((db) => db.update(categories).set({ name: `${category.name} Zone` }).where(eq(categories.id, category.id)));
  return `category ${category.id} renamed ${category.name} Zone`;
}

/** Gives `count` products, from the `from`th by id, a review by the first author. */
async function nameReviewers(from: number, count: number): Promise<void> {
  const [author] = await temp.database.run((db) => db.select({ id: authors.id }).from(authors).orderBy(authors.id).limit(1));
  if (!author) throw new Error('the demo content has no author');
  const rows = await temp.database.run((db) => db.select({ id: products.id, review: products.review }).from(products).orderBy(products.id).limit(count).offset(from));
  for (const row of rows) {
    const review = row.review ?? { verdict: 'Solid.', pros: ['Solid'], cons: [], bestFor: '', skipIf: '', score: 7, award: '', reviewerId: null, testedOn: null, updatedOn: null };
    await temp.database.run((db) => db.update(products).set({ review: { ...review, reviewerId: author.id } }).where(eq(products.id, row.id)));
  }
}

/**
 * Renames an author who reviews a product, as the authors screen does (their slug stays). Reviewers are named from the
 * first build (nameReviewers), so the rename alone changes what their products' pages show.
 */
async function renameReviewer(pick: () => number): Promise<string> {
  const reviewed = await temp.database.run((db) => db.select({ review: products.review }).from(products).orderBy(products.id));
  const ids = [...new Set(reviewed.flatMap((row) => (row.review?.reviewerId ? [row.review.reviewerId] : [])))];
  const id = ids[Math.floor(pick() * ids.length)]!;
  const [author] = await temp.database.run((db) => db.select({ name: authors.name }).from(authors).where(eq(authors.id, id)));
  await temp.database.run((db) => db.update(authors).set({ name: `${author!.name} Jr.`, role: 'Senior reviewer' }).where(eq(authors.id, id)));
  return `author ${id} renamed ${author!.name} Jr.`;
}

/** Stores a hero setting, as the hero screen does: a colour, chosen at random. */
async function setHero(pick: () => number): Promise<string> {
  const color = `#${Math.floor(pick() * 0xffffff).toString(16).padStart(6, '0')}`;
  await temp.database.run(async (db) => {
    await db.delete(settings).where(eq(settings.id, HERO_SETTING_ID));
    await db.insert(settings).values({ id: HERO_SETTING_ID, value: { type: 'color', color }, updatedAt: new Date() });
  });
  return `hero colour ${color}`;
}

const runBuild = (cacheDir: string) => (options: { outDir: string; env: Record<string, string>; skipIndex: boolean }) =>
  buildSite({ ...options, databaseUrl: temp.url, cacheDir, quiet: true, logger: silentLogger });

/** Publishes as the local server and `npm run build` do: with a kept renderer (its own per series). */
function publish(outDir: string, previousDir: string | undefined, cacheDir: string, rendererSite: string): Promise<PublishResult> {
  return publishSite({
    outDir,
    previousDir,
    database: temp.database,
    projectRoot,
    runBuild: runBuild(cacheDir),
    keptRenderer: {
      dir: keptRendererDir(projectRoot, rendererSite),
      // Every render shares its pages with a second thread, so both threads' pages are held to the full build.
      render: (options) => renderFromKept({ ...options, databaseUrl: temp.url, logger: silentLogger, env: { REPWELL_PARALLEL_RENDER_FROM: '1' } }),
    },
    logger: silentLogger,
  });
}

/** Every file of a site (but the folder's own records) with its bytes. */
function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name !== PUBLISH_STATE_FILE && entry.name !== BUILD_RECORD_FILE) files.set(relative(dir, path), readFileSync(path));
    }
  };
  visit(dir);
  return files;
}

/** The pages of a folder the next build kept as the last one's files (the merge links them: the same inode). */
function keptFiles(previous: string, next: string, folder: string): string[] {
  return readdirSync(join(next, folder))
    .filter((file) => file.endsWith('.html') && existsSync(join(previous, folder, file)))
    .filter((file) => statSync(join(previous, folder, file)).ino === statSync(join(next, folder, file)).ino);
}

it('a random series of edits published partially gives the same files as one full build', { timeout: 20 * 60_000 }, async () => {
  const seed = Number(process.env.PARTIAL_BUILD_SEED ?? Date.now() % 100_000);
  const pick = random(seed);
  const cache = join(work, 'astro-cache');
  const series = join(work, 'series');
  const first = await publish(join(work, 'site-0'), undefined, cache, series);
  expect(first.plan.kind).toBe('full');

  const names = Object.keys(edits);
  const log: string[] = [];
  let previous = join(work, 'site-0');
  let partial = 0;
  let keptUnchanged = 0;
  for (let step = 1; step <= 5; step += 1) {
    // Two edits between builds, as a busy editor makes them within one debounce; the last step a price alone, which
    // leaves most catalogue pages as they were (so keeping unchanged pages is always exercised).
    if (step === 5) log.push(await edits.price!(pick));
    else if (step === 1) {
      // A review edit in every series (scores reorder alternatives on other products' pages), and a post (the menus'
      // newest posts are in no page's HTML, so it renders the pages that are not product pages only), beside a random
      // edit.
      log.push(await edits.review!(pick));
      log.push(await edits.post!(pick));
      log.push(await edits[names[Math.floor(pick() * names.length)]!]!(pick));
    } else if (step === 2) {
      // A setting every page's render reads (the home hero), in every series: every page renders again from the kept
      // renderer (publish-plan.ts), with none kept for unchanged inputs.
      log.push(await setHero(pick));
      log.push(await edits[names[Math.floor(pick() * names.length)]!]!(pick));
    } else if (step === 3) {
      // A category's new name and a reviewer's, in every series, after the every-page step so that the end's comparison
      // holds them: the pages that are not product pages render, and only the product pages that show either name.
      log.push(await renameCategory(pick));
      log.push(await renameReviewer(pick));
      log.push(await edits[names[Math.floor(pick() * names.length)]!]!(pick));
    } else if (step === 4) {
      // A stock change alone, in every series: it moves counts that every catalogue page drew once, but a page's HTML
      // has no other list's count (categories.ts), so only the lists that hold the product render again.
      log.push(await edits.stock!(pick));
    } else for (let i = 0; i < 2; i += 1) log.push(await edits[names[Math.floor(pick() * names.length)]!]!(pick));
    const next = join(work, `site-${step}`);
    const result = await publish(next, previous, cache, series);
    log.push(
      `→ ${result.plan.kind === 'full' ? `full (${result.plan.reason})` : `partial with the ${result.renderedWith}: ${result.rendered} rendered, ${result.unchanged} kept unchanged, ${result.removed} removed`}`,
    );
    if (result.plan.kind === 'partial' && result.renderedWith === 'kept renderer') partial += 1;
    if (step === 1) expect(result.plan.kind === 'partial' && result.plan.everyPage === undefined, `not every page: ${log.join('\n')}`).toBe(true);
    if (step === 2) expect(result.plan, log.join('\n')).toMatchObject({ kind: 'partial', everyPage: 'settings every page shows changed' });
    if (step === 3) expect(result.plan.kind === 'partial' && result.plan.everyPage === undefined, `not every page: ${log.join('\n')}`).toBe(true);
    keptUnchanged += result.unchanged;
    if (step === 4) expect(keptFiles(previous, next, 'products/category'), log.join('\n')).not.toEqual([]);
    rmSync(previous, { recursive: true, force: true });
    previous = next;
  }

  const full = join(work, 'site-full');
  await publish(full, undefined, join(work, 'astro-cache-full'), join(work, 'full'));
  const built = tree(full);
  const published = tree(previous);
  const context = `seed ${seed} (PARTIAL_BUILD_SEED=${seed} replays it):\n${log.join('\n')}`;
  expect([...published.keys()].sort(), context).toEqual([...built.keys()].sort());
  const differing = [...built].filter(([file, bytes]) => !bytes.equals(published.get(file)!)).map(([file]) => file);
  expect(differing, context).toEqual([]);
  expect(partial, context).toBeGreaterThan(0);
  // Catalogue pages whose inputs an edit left alone were kept rather than rendered, and still equal the full build.
  expect(keptUnchanged, context).toBeGreaterThan(0);

  // A renamed product's old address redirects to its page, in the partial and the full build alike.
  const redirects = published.get('_redirects')!.toString('utf8');
  for (const [from, to] of renames) {
    if (built.has(`product/${to}.html`) && !built.has(`product/${from}.html`)) expect(redirects, context).toContain(`/product/${from}  /product/${to}  301`);
  }
});
