/**
 * The home hero as built from each kind of hero setting (issue 5, points 1 and 10; spec section 4):
 * an image under a dark overlay, a given colour, and the muted background when there is no record.
 * Each mode is a real build of the page, published as `npm start` publishes: the first in full, the next ones from the
 * build before (a setting every page's render reads: every page again, from the kept renderer).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { HERO_SETTING_ID } from '../../src/domain/hero.ts';
import { buildSite, projectRoot, renderFromKept } from '../../src/server/local/builder.ts';
import { silentLogger } from '../../src/server/local/logger.ts';
import { keptRendererDir, publishSite } from '../../src/server/publishing/partial-build.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let work: string;
/** The last published build, which the next one starts from. */
let previous: string | undefined;

/** Stores the hero setting (undefined deletes it), builds the site and returns the hero's HTML. */
async function heroFor(value: unknown): Promise<string> {
  await temp.database.run(async (db) => {
    await db.delete(settings).where(eq(settings.id, HERO_SETTING_ID));
    if (value !== undefined) await db.insert(settings).values({ id: HERO_SETTING_ID, value, updatedAt: new Date() });
  });
  const outDir = join(work, `site-${Math.random().toString(36).slice(2)}`);
  await publishSite({
    outDir,
    previousDir: previous,
    database: temp.database,
    projectRoot,
    runBuild: (build) => buildSite({ ...build, databaseUrl: temp.url, cacheDir: join(work, 'astro-cache'), quiet: true }),
    keptRenderer: { dir: keptRendererDir(projectRoot, join(work, 'site')), render: (render) => renderFromKept({ ...render, databaseUrl: temp.url }) },
    logger: silentLogger,
  });
  previous = outDir;
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const start = html.indexOf('<section aria-labelledby="hero-title"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</section>', start));
}

beforeAll(async () => {
  temp = await createTempDatabase();
  await seedDemoContent(temp.database, { productCount: 4 });
  work = mkdtempSync(join(tmpdir(), 'repwell-hero-'));
});

afterAll(() => {
  temp?.cleanup();
  if (work) {
    rmSync(keptRendererDir(projectRoot, join(work, 'site')), { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
});

describe('the home hero, built from the hero setting', () => {
  it('shows an image under a dark overlay, with light text', async () => {
    const hero = await heroFor({ type: 'image', url: '/images/hero.svg', alt: 'A bright home gym' });
    expect(hero).toContain('data-hero-mode="image"');
    expect(hero).toMatch(/<img src="\/images\/hero.svg" alt="A bright home gym"/);
    expect(hero).toContain('data-hero-overlay');
    expect(hero).toMatch(/<h1[^>]*text-white/);
  });

  it('uses the given colour, without an image or overlay', async () => {
    const hero = await heroFor({ type: 'color', color: '#1e3a5f' });
    expect(hero).toContain('data-hero-mode="color"');
    expect(hero).toContain('style="background-color: #1e3a5f"');
    expect(hero).not.toContain('<img');
    expect(hero).not.toContain('data-hero-overlay');
    expect(hero).toMatch(/<h1[^>]*text-white/);
  });

  // A colour record without a colour gives the same muted look (tests/unit/hero-presentation.test.ts).
  it('gives the muted background when there is no record', async () => {
    const hero = await heroFor(undefined);
    expect(hero).toContain('data-hero-mode="muted"');
    expect(hero).toMatch(/class="[^"]*\bbg-muted\b/);
    expect(hero).not.toContain('background-color');
    expect(hero).not.toContain('<img');
    expect(hero).toMatch(/<h1[^>]*text-ink/);
  });
});
