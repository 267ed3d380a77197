/**
 * SEO audit of a real build, the run's shared demo site (issue 5, point 9): every page of the built site has a title and a
 * meta description that no other page shares, a canonical URL (unless it is noindex), Open Graph
 * and Twitter card tags; the sitemap lists exactly the indexable pages; robots.txt names it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Database } from '../../db/client.ts';
import { scriptHash } from '../../src/integrations/inline-script-hashes.ts';
import { eq } from 'drizzle-orm';
import { authors, blogPosts } from '../../db/schema.ts';
import { seedBylines } from '../../db/seed/authors.ts';
import { canonicalForPrerenderedPath } from '../../src/domain/catalogue/view.ts';
import { isIndexablePath } from '../../src/domain/indexing.ts';
import { SHARED_DEMO_PRODUCTS } from '../helpers/shared-demo-site.ts';

interface PageHead {
  path: string;
  title: string;
  description: string;
  canonical: string | null;
  noindex: boolean;
  meta: Map<string, string>;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([a-z:-]+)="([^"]*)"/gi)].map((match) => [match[1]!.toLowerCase(), decode(match[2]!)]));
}

/** The head of one built page, read with regular expressions (Astro's output is regular enough). */
function readHead(root: string, file: string): PageHead {
  const html = readFileSync(file, 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/gi)) {
    const attrs = attributes(tag);
    const key = attrs.get('property') ?? attrs.get('name');
    if (key && attrs.has('content')) meta.set(key, attrs.get('content')!);
  }
  const canonicalTag = head.match(/<link\s[^>]*rel="canonical"[^>]*>/i)?.[0];
  // Pages are files (build.format 'file'): /about.html is served at /about, /index.html at /.
  const path = `/${relative(root, file).split(sep).join('/')}`.replace(/^\/index\.html$/, '/').replace(/\.html$/, '');
  return {
    path,
    title: decode(head.match(/<title>([^<]*)<\/title>/i)?.[1] ?? '').trim(),
    description: meta.get('description') ?? '',
    canonical: canonicalTag ? (attributes(canonicalTag).get('href') ?? null) : null,
    noindex: /noindex/i.test(meta.get('robots') ?? ''),
    meta,
  };
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' || entry.name === 'pagefind' ? [] : htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

function duplicates(pages: PageHead[], key: (page: PageHead) => string): string[] {
  const seen = new Map<string, string[]>();
  for (const page of pages) seen.set(key(page), [...(seen.get(key(page)) ?? []), page.path]);
  return [...seen].filter(([, paths]) => paths.length > 1).map(([value, paths]) => `"${value}": ${paths.join(', ')}`);
}

// The run's shared demo site (tests/helpers/shared-demo-site.ts).
const { site, databaseUrl } = inject('sharedDemoSite');
let database: Database;
let pages: PageHead[];

beforeAll(() => {
  database = new Database({ url: databaseUrl });
  pages = htmlFiles(site).map((file) => readHead(site, file));
});

afterAll(() => database?.close());

describe('every built page', () => {
  it('covers the whole site', () => {
    expect(pages.length).toBeGreaterThan(SHARED_DEMO_PRODUCTS);
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['/', '/products', '/blog', '/404', '/product/not-found']));
  });

  it('has a title and a meta description', () => {
    expect(pages.filter((page) => !page.title).map((page) => page.path)).toEqual([]);
    expect(pages.filter((page) => !page.description).map((page) => page.path)).toEqual([]);
  });

  it('has a title no other page has', () => {
    expect(duplicates(pages, (page) => page.title)).toEqual([]);
  });

  it('has a meta description no other page has', () => {
    expect(duplicates(pages, (page) => page.description)).toEqual([]);
  });

  it('has an absolute canonical URL unless it is noindex, and no two pages claim the same one', () => {
    const indexable = pages.filter((page) => !page.noindex);
    expect(indexable.filter((page) => !page.canonical?.match(/^https?:\/\//)).map((page) => page.path)).toEqual([]);
    expect(duplicates(indexable, (page) => page.canonical ?? '')).toEqual([]);
  });

  it('is its own canonical URL, the address it is served at, unless it stands for a catalogue view', () => {
    // A canonical with a trailing slash, or any other address that redirects, would waste a crawl.
    const wrong = pages
      .filter((page) => !page.noindex)
      .map((page) => ({ page: page.path, canonical: page.canonical ? new URL(page.canonical) : undefined }))
      .filter(({ page, canonical }) => `${canonical?.pathname}${canonical?.search}` !== (canonicalForPrerenderedPath(page) ?? page));
    expect(wrong).toEqual([]);
  });

  it('has Open Graph and Twitter card tags matching its title and description', () => {
    const problems = pages.flatMap((page) => {
      const missing = ['og:title', 'og:description', 'og:image', 'og:type', 'og:site_name', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'].filter(
        (key) => !page.meta.get(key),
      );
      if (page.meta.get('og:title') && page.meta.get('og:title') !== page.title) missing.push('og:title differs from <title>');
      if (page.meta.get('og:description') && page.meta.get('og:description') !== page.description) missing.push('og:description differs');
      return missing.length > 0 ? [`${page.path}: ${missing.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('keeps private and not-found pages out of search engines', () => {
    const leaking = pages.filter((page) => !isIndexablePath(page.path) && !page.noindex).map((page) => page.path);
    expect(leaking).toEqual([]);
  });
});

describe('the Content-Security-Policy of every built page', () => {
  it('lists the hash of every inline script the page carries, so none is refused', () => {
    const unlisted: string[] = [];
    for (const file of htmlFiles(site)) {
      const html = readFileSync(file, 'utf8');
      const policy = html.match(/<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i)?.[1] ?? '';
      for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
        if (/\bsrc=/.test(attrs) || /type="(?!module|text\/javascript)[^"]*"/.test(attrs)) continue;
        if (!policy.includes(`'${scriptHash(body.replace(/\r\n?/g, '\n'))}'`)) unlisted.push(`${relative(site, file)}: ${body.trim().slice(0, 60)}`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});

describe('sitemap and robots.txt', () => {
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decode(`${new URL(match[1]!).pathname}${new URL(match[1]!).search}`));

  it('the sitemap lists exactly the indexable pages', () => {
    const chunks = locs(readFileSync(join(site, 'sitemap-index.xml'), 'utf8'));
    const listed = chunks.flatMap((chunk) => locs(readFileSync(join(site, new URL(chunk, 'http://x').pathname), 'utf8'))).sort();
    // Pre-rendered catalogue views are listed under their canonical /products?… URL.
    const indexable = pages
      .filter((page) => !page.noindex && isIndexablePath(page.path))
      .map((page) => canonicalForPrerenderedPath(page.path) ?? page.path)
      .sort();
    expect(listed).toEqual(indexable);
  });

  it("gives every URL a lastmod from the data: a post's its last save, an author's the latest of theirs and their posts'", async () => {
    const chunks = locs(readFileSync(join(site, 'sitemap-index.xml'), 'utf8'));
    const xml = chunks.map((chunk) => readFileSync(join(site, new URL(chunk, 'http://x').pathname), 'utf8')).join('');
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((match) => [new URL(match[1]!).pathname, match[2]] as const);
    expect(entries.filter(([, lastmod]) => lastmod === undefined).map(([path]) => path)).toEqual([]);
    const lastmodOf = new Map(entries);
    const posts = await database.run((db) => db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, published: blogPosts.published }).from(blogPosts));
    for (const post of posts.filter((row) => row.published)) expect(lastmodOf.get(`/blog/${post.slug}`), post.slug).toBe(post.updatedAt.toISOString());
    const priya = await database.run((db) => db.select({ updatedAt: authors.updatedAt }).from(authors).where(eq(authors.slug, 'priya-nair')).get());
    const priyas = posts.filter((row) => row.published && seedBylines[row.slug]?.author === 'priya-nair').map((row) => row.updatedAt.getTime());
    expect(lastmodOf.get('/authors/priya-nair')).toBe(new Date(Math.max(priya!.updatedAt.getTime(), ...priyas)).toISOString());
    const newest = [...lastmodOf.values()].sort().at(-1);
    expect(lastmodOf.get('/')).toBe(newest);
  });

  it('robots.txt names the sitemap', () => {
    expect(readFileSync(join(site, 'robots.txt'), 'utf8')).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
  });
});
