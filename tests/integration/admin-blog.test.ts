/**
 * /api/admin/blog, /api/admin/blog/:id and /api/admin/blog/:id/publish over HTTP against a real libSQL file
 * (issue 10, points 6, 8 and 10): who may call them, the guards of every write, the spec's messages for bad input,
 * slugs, sanitized content, published_at, bookmarks on delete, audit rows, rebuild requests, and drafts kept out of
 * the public build.
 */
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, blogPosts, bookmarks, siteBuilds } from '../../db/schema.ts';
import { blogAdminTexts, type AdminBlogPost } from '../../src/domain/admin/blog.ts';
import { createUser } from '../../src/server/accounts.ts';
import { listPublishedPostsForBuild } from '../../src/server/queries/posts.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;

const db = <T>(read: (db: Db) => Promise<T>): Promise<T> => api.temp.database.run(read);
const postRow = (id: number) => db((d) => d.select().from(blogPosts).where(eq(blogPosts.id, id)).get());
const postCount = async () => (await db((d) => d.select({ id: blogPosts.id }).from(blogPosts))).length;
const auditFor = (id: number) =>
  db((d) => d.select().from(auditLog).where(eq(auditLog.entityId, String(id))).orderBy(desc(auditLog.id)));
const blogBuildRequests = () => db((d) => d.select().from(siteBuilds).where(like(siteBuilds.reason, 'blog post %')).orderBy(desc(siteBuilds.id)));

/** The rebuild request is written beside the answer (waitUntil), so the test waits for it rather than assuming it. */
async function waitForBuildRequests(count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await blogBuildRequests()).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} blog rebuild requests, saw ${(await blogBuildRequests()).length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let serial = 0;
const draftBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Draft number ${++serial}`,
  excerpt: 'A short summary.',
  content: '<p>Body</p>',
  imageUrl: '',
  published: false,
  ...overrides,
});

async function create(body: Record<string, unknown>): Promise<AdminBlogPost> {
  const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: body });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()) as AdminBlogPost;
}

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});
afterAll(() => api.close());

describe('who may call the blog endpoints', () => {
  it('answers 401 to a visitor and 403 Access Denied to a user, on every endpoint and method, and changes nothing', async () => {
    const post = await create(draftBody());
    const before = await postRow(post.id);
    for (const call of [
      { method: 'GET', path: '/api/admin/blog' },
      { method: 'POST', path: '/api/admin/blog', json: draftBody() },
      { method: 'GET', path: `/api/admin/blog/${post.id}` },
      { method: 'PUT', path: `/api/admin/blog/${post.id}`, json: draftBody({ title: 'Hijacked' }) },
      { method: 'DELETE', path: `/api/admin/blog/${post.id}` },
      { method: 'POST', path: `/api/admin/blog/${post.id}/publish`, json: { published: true } },
    ] as const) {
      await expectAdminOnly(api, call);
    }
    expect(await postRow(post.id)).toEqual(before);
    expect(await postCount()).toBe(1);
  });

  it('refuses other methods with 405 and the Allow header', async () => {
    const list = await admin.fetch('/api/admin/blog', { method: 'DELETE' });
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('GET, POST');
    const one = await admin.fetch('/api/admin/blog/1', { method: 'POST', json: {} });
    expect(one.headers.get('allow')).toBe('GET, PUT, DELETE');
    const publish = await admin.fetch('/api/admin/blog/1/publish', { method: 'PUT', json: { published: true } });
    expect(publish.status).toBe(405);
    expect(publish.headers.get('allow')).toBe('POST');
  });

  it('applies the write guards: cross-site 403, not JSON 415, broken JSON 400', async () => {
    const post = await create(draftBody());
    const count = await postCount();
    await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/blog', json: draftBody() });
    await expectWriteGuards(admin, { method: 'PUT', path: `/api/admin/blog/${post.id}`, json: draftBody({ title: 'Changed' }) });
    await expectWriteGuards(admin, { method: 'POST', path: `/api/admin/blog/${post.id}/publish`, json: { published: true } });
    const crossSiteDelete = await admin.fetch(`/api/admin/blog/${post.id}`, { method: 'DELETE', headers: { origin: 'https://evil.example' } });
    expect(crossSiteDelete.status).toBe(403);
    expect(await postCount()).toBe(count);
    expect((await postRow(post.id))?.title).toBe(post.title);
    expect((await postRow(post.id))?.published).toBe(false);
  });
});

describe('creating and editing posts', () => {
  it('creates a draft with a slug from the title, the admin as author, an audit row and no rebuild', async () => {
    const builds = (await blogBuildRequests()).length;
    const post = await create({ title: '  Foam Rolling: 101 Tips! ', excerpt: ' Roll slowly. ', content: '<h2>Start</h2><p>Slowly.</p>', imageUrl: '/images/blog/foam.svg', category: 'recovery', published: false });
    expect(post).toMatchObject({
      title: 'Foam Rolling: 101 Tips!',
      slug: 'foam-rolling-101-tips',
      excerpt: 'Roll slowly.',
      content: '<h2>Start</h2><p>Slowly.</p>',
      imageUrl: '/images/blog/foam.svg',
      category: 'recovery',
      published: false,
      publishedAt: null,
    });
    const row = await postRow(post.id);
    expect(row?.authorId).toBeTruthy();
    const [entry] = await auditFor(post.id);
    expect(entry).toMatchObject({ action: 'post.create', entityType: 'post', summary: 'Created draft "Foam Rolling: 101 Tips!"', userId: row!.authorId });
    expect((await blogBuildRequests()).length).toBe(builds);
    expect(await (await admin.fetch(`/api/admin/blog/${post.id}`)).json()).toEqual(post);
  });

  it('strips scripts, event handlers and javascript: URLs from the content before it is stored', async () => {
    const post = await create(
      draftBody({
        content:
          '<h1>Title inside</h1><p onclick="steal()">Hi <a href="javascript:alert(1)">bad</a> <a href="https://shop.example.com/x">shop</a></p>' +
          '<script>alert(1)</script><img src="https://cdn.example.com/a.jpg" onerror="alert(1)" alt="A"><img src="javascript:alert(2)"><iframe src="https://evil.example"></iframe>',
      }),
    );
    const stored = (await postRow(post.id))!.content;
    expect(stored).toBe(
      '<h2>Title inside</h2><p>Hi <a>bad</a> <a href="https://shop.example.com/x" rel="nofollow noopener">shop</a></p>' +
        '<img src="https://cdn.example.com/a.jpg" alt="A" loading="lazy" decoding="async" />',
    );
    expect(post.content).toBe(stored);
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
  });

  it('keeps the title and excerpt as plain text: markup in them is stored as typed and escaped by the pages', async () => {
    const post = await create(draftBody({ title: '<b>Bold</b> claims', excerpt: '<script>x</script>' }));
    expect((await postRow(post.id))?.title).toBe('<b>Bold</b> claims');
    expect(post.slug).toBe('bboldb-claims');
  });

  it('answers 409 naming the slug when another post has it, on create and update, and stores nothing', async () => {
    const first = await create(draftBody({ slug: 'taken-slug' }));
    const count = await postCount();
    const duplicate = await admin.fetch('/api/admin/blog', { method: 'POST', json: draftBody({ slug: 'taken-slug' }) });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ error: { title: 'Error saving post', description: 'The slug "taken-slug" is already used by another post: choose another.' } });
    expect(await postCount()).toBe(count);

    const other = await create(draftBody());
    const update = await admin.fetch(`/api/admin/blog/${other.id}`, { method: 'PUT', json: draftBody({ title: other.title, slug: 'taken-slug' }) });
    expect(update.status).toBe(409);
    expect((await postRow(other.id))?.slug).toBe(other.slug);
    // A post may keep its own slug.
    const same = await admin.fetch(`/api/admin/blog/${first.id}`, { method: 'PUT', json: draftBody({ title: 'Renamed', slug: 'taken-slug' }) });
    expect(same.status).toBe(200);
  });

  it.each([
    [{ title: 'Reserved', slug: 'not-found', published: false }, 'The slug "not-found" is reserved for a page of the site: choose another.'],
    [{ title: 'Not found', published: false }, 'The slug "not-found" is reserved for a page of the site: choose another.'],
    [{ title: '', published: false }, 'Enter the title.'],
    [{ published: false }, 'Enter the title.'],
    [{ title: 'x'.repeat(201), published: false }, 'The title must be at most 200 characters.'],
    [{ title: 'T', slug: 'Has Spaces', published: false }, blogAdminTexts.slugInvalid],
    [{ title: '¿?', published: false }, 'Enter a slug: the title has no letters or digits to make one from.'],
    [{ title: 'T', excerpt: 'x'.repeat(501), published: false }, 'The excerpt must be at most 500 characters.'],
    [{ title: 'T', imageUrl: 'javascript:alert(1)', published: false }, 'The image URL must start with http://, https:// or / (a page of this site).'],
    [{ title: 'T', content: 'x'.repeat(200_001), published: false }, 'The content must be at most 200,000 characters of HTML.'],
    [{ title: 'T', content: 42, published: false }, 'The content must be HTML text.'],
    [{ title: 'T', published: 'yes' }, 'Say whether the post is published (true or false).'],
    [[], 'Send the post as a JSON object.'],
    ['a post', 'Send the post as a JSON object.'],
  ])('answers 422 with the rule it broke: %#', async (body, message) => {
    const count = await postCount();
    const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: body });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { title: 'Error saving post', description: message } });
    expect(await postCount()).toBe(count);
  });

  it('answers 413 for a body past the size limit, without reading it all', async () => {
    const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: draftBody({ content: 'x'.repeat(600 * 1024) }) });
    expect(response.status).toBe(413);
  });

  it('answers 404 for an unknown or malformed id, on every method', async () => {
    for (const path of ['/api/admin/blog/999999', '/api/admin/blog/abc', '/api/admin/blog/0']) {
      for (const response of [
        await admin.fetch(path),
        await admin.fetch(path, { method: 'PUT', json: draftBody() }),
        await admin.fetch(path, { method: 'DELETE' }),
        await admin.fetch(`${path}/publish`, { method: 'POST', json: { published: true } }),
      ]) {
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ error: blogAdminTexts.notFound });
      }
    }
  });
});

describe('publishing', () => {
  it('sets published_at on the first publish only, keeps it through unpublish and republish, and requests rebuilds', async () => {
    const builds = (await blogBuildRequests()).length;
    const post = await create(draftBody({ title: 'Publish me' }));
    const published = await admin.fetch(`/api/admin/blog/${post.id}/publish`, { method: 'POST', json: { published: true } });
    expect(published.status).toBe(200);
    const first = ((await published.json()) as AdminBlogPost).publishedAt;
    expect(Date.parse(first!)).not.toBeNaN();
    await waitForBuildRequests(builds + 1);
    expect((await blogBuildRequests())[0]).toMatchObject({ reason: 'blog post published', status: 'queued' });

    const unpublished = await admin.fetch(`/api/admin/blog/${post.id}/publish`, { method: 'POST', json: { published: false } });
    expect(await unpublished.json()).toMatchObject({ published: false, publishedAt: first });
    await waitForBuildRequests(builds + 2);
    expect((await blogBuildRequests())[0]?.reason).toBe('blog post unpublished');

    // Republished through the editor's PUT: the date is still the first one.
    const republished = await admin.fetch(`/api/admin/blog/${post.id}`, { method: 'PUT', json: draftBody({ title: 'Publish me', published: true }) });
    expect(await republished.json()).toMatchObject({ published: true, publishedAt: first });
    expect((await postRow(post.id))?.publishedAt?.toISOString()).toBe(first);
    await waitForBuildRequests(builds + 3);

    expect((await auditFor(post.id)).map((entry) => [entry.action, entry.summary])).toEqual([
      ['post.publish', 'Published "Publish me"'],
      ['post.unpublish', 'Unpublished "Publish me"'],
      ['post.publish', 'Published "Publish me"'],
      ['post.create', 'Created draft "Publish me"'],
    ]);
  });

  it('publishing a published post changes nothing and requests no rebuild', async () => {
    const post = await create(draftBody({ published: true }));
    expect(post.published).toBe(true);
    const audits = (await auditFor(post.id)).length;
    const before = await postRow(post.id);
    const again = await admin.fetch(`/api/admin/blog/${post.id}/publish`, { method: 'POST', json: { published: true } });
    expect(again.status).toBe(200);
    expect(await postRow(post.id)).toEqual(before);
    expect((await auditFor(post.id)).length).toBe(audits);
  });

  it('answers 422 for a publish body without a boolean', async () => {
    const post = await create(draftBody());
    const response = await admin.fetch(`/api/admin/blog/${post.id}/publish`, { method: 'POST', json: { published: 'true' } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { title: 'Error publishing post', description: blogAdminTexts.publishedInvalid } });
  });

  it('keeps drafts out of the public build; published posts are in it', async () => {
    const draft = await create(draftBody({ title: 'Secret draft' }));
    const live = await create(draftBody({ title: 'Live post', published: true }));
    const slugs = (await listPublishedPostsForBuild(api.temp.database)).map((post) => post.slug);
    expect(slugs).toContain(live.slug);
    expect(slugs).not.toContain(draft.slug);
    await admin.fetch(`/api/admin/blog/${live.id}/publish`, { method: 'POST', json: { published: false } });
    expect((await listPublishedPostsForBuild(api.temp.database)).map((post) => post.slug)).not.toContain(live.slug);
  });
});

describe('the list', () => {
  it('lists drafts and published posts newest first, filtered by status, searched by title, a page at a time', async () => {
    const tag = `zebra${Date.now()}`;
    const made: AdminBlogPost[] = [];
    for (let index = 0; index < 23; index++) made.push(await create(draftBody({ title: `${tag} post ${index}`, published: index % 3 === 0 })));
    await create(draftBody({ title: `Other ${tag.toUpperCase()} upper case` }));
    await create(draftBody({ title: '100% sure_thing' }));

    const first = await (await admin.fetch(`/api/admin/blog?search=${tag}%20post`)).json();
    expect(first.total).toBe(23);
    expect(first.counts).toEqual({ all: 23, published: 8, draft: 15 });
    expect(first.pageSize).toBe(20);
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0].title).toBe(`${tag} post 22`);
    expect(Object.keys(first.posts[0]).sort()).toEqual(['createdAt', 'id', 'published', 'publishedAt', 'slug', 'title', 'updatedAt']);
    const second = await (await admin.fetch(`/api/admin/blog?search=${tag}%20post&page=2`)).json();
    expect(second.posts.map((post: AdminBlogPost) => post.title)).toEqual([`${tag} post 2`, `${tag} post 1`, `${tag} post 0`]);

    const published = await (await admin.fetch(`/api/admin/blog?status=published&search=${tag}`)).json();
    expect(published.total).toBe(8);
    expect(published.posts.every((post: AdminBlogPost) => post.published)).toBe(true);
    const drafts = await (await admin.fetch(`/api/admin/blog?status=draft&search=${tag}`)).json();
    expect(drafts.total).toBe(16);
    expect(drafts.counts).toEqual({ all: 24, published: 8, draft: 16 });

    // Case-insensitive, and LIKE's wildcards match only themselves.
    expect((await (await admin.fetch(`/api/admin/blog?search=${tag.toUpperCase()}%20POST%2022`)).json()).total).toBe(1);
    expect((await (await admin.fetch('/api/admin/blog?search=100%25%20sure_')).json()).posts.map((post: AdminBlogPost) => post.title)).toEqual(['100% sure_thing']);
    expect((await (await admin.fetch('/api/admin/blog?search=%25')).json()).total).toBe(1);
    // A malformed query falls back to the defaults rather than failing.
    const lenient = await admin.fetch('/api/admin/blog?status=secret&page=-1');
    expect(lenient.status).toBe(200);
    expect(await lenient.json()).toMatchObject({ page: 1 });
  });
});

describe('deleting', () => {
  it('deletes the post with its bookmarks, in one step with an audit row, and requests a rebuild when it was public', async () => {
    const reader = (await createUser(api.temp.database, { email: `reader-${Date.now()}@example.com`, password: 'reader password long', role: 'user' }))!;
    const post = await create(draftBody({ title: 'Bookmarked post', published: true }));
    const kept = await create(draftBody({ title: 'Kept post', published: true }));
    await db((d) => d.insert(bookmarks).values([{ userId: reader.id, postId: post.id }, { userId: reader.id, postId: kept.id }]));
    const builds = (await blogBuildRequests()).length;

    const response = await admin.fetch(`/api/admin/blog/${post.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await postRow(post.id)).toBeUndefined();
    const left = await db((d) => d.select({ postId: bookmarks.postId }).from(bookmarks).where(eq(bookmarks.userId, reader.id)));
    expect(left).toEqual([{ postId: kept.id }]);
    expect((await auditFor(post.id))[0]).toMatchObject({ action: 'post.delete', summary: 'Deleted post "Bookmarked post" and 1 bookmark of it' });
    await waitForBuildRequests(builds + 1);
    expect((await blogBuildRequests())[0]?.reason).toBe('blog post deleted');

    expect((await admin.fetch(`/api/admin/blog/${post.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
