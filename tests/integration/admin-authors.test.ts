/**
 * /api/admin/authors and /api/admin/authors/:id over HTTP against a real libSQL file: who may call them, the write
 * guards, bad input answered with the field it concerns, a taken page address, a delete that leaves the author's posts
 * without a byline (and reviews without a reviewer), the audit entries and rebuild requests; and the blog API's byline.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, authors, blogPosts, products, siteBuilds } from '../../db/schema.ts';
import { authorTexts } from '../../src/domain/editorial/author.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

const LIST = '/api/admin/authors';
let api: LocalApi;
let admin: Browser;

const db = () => api.temp.database;
const authorRows = () => db().run((d) => d.select().from(authors).orderBy(authors.id));
const postRow = (id: number) => db().run((d) => d.select().from(blogPosts).where(eq(blogPosts.id, id)).get());
const auditOf = (action: string) => db().run((d) => d.select().from(auditLog).where(eq(auditLog.action, action)));
const buildRequests = (reason: string) => db().run((d) => d.select().from(siteBuilds).where(eq(siteBuilds.reason, reason)));

/** The rebuild request is written beside the answer (waitUntil), so the test waits for it rather than assuming it. */
async function waitForBuildRequests(reason: string, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await buildRequests(reason)).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} '${reason}' rebuild requests`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function insertAuthor(name: string, slug: string): Promise<number> {
  const [row] = await db().run((d) => d.insert(authors).values({ name, slug, role: 'Editor', areas: ['Recovery'] }).returning({ id: authors.id }));
  return row!.id;
}

async function insertPost(slug: string, bylineAuthorId: number | null): Promise<number> {
  const [row] = await db().run((d) => d.insert(blogPosts).values({ title: slug, slug, published: true, publishedAt: new Date(), bylineAuthorId }).returning({ id: blogPosts.id }));
  return row!.id;
}

const create = (json: unknown) => admin.fetch(LIST, { method: 'POST', json });
const patch = (id: number | string, json: unknown) => admin.fetch(`${LIST}/${id}`, { method: 'PATCH', json });
const remove = (id: number | string) => admin.fetch(`${LIST}/${id}`, { method: 'DELETE' });

const maya = { name: 'Maya Chen', role: 'Senior editor', bio: 'Edits recovery.', photoUrl: '/images/authors/maya-chen.svg', areas: ['Recovery', 'Sleep'] };

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});
afterAll(() => api.close());

beforeEach(async () => {
  await db().run((d) => d.delete(blogPosts));
  await db().run((d) => d.delete(products));
  await db().run((d) => d.delete(authors));
  await db().run((d) => d.delete(auditLog));
});

describe('who may call the author endpoints', () => {
  it('answers 401 to a visitor and 403 Access Denied to a user, for every method, and changes nothing', async () => {
    const id = await insertAuthor('Jordan Reyes', 'jordan-reyes');
    await expectAdminOnly(api, { method: 'GET', path: LIST });
    await expectAdminOnly(api, { method: 'POST', path: LIST, json: maya });
    await expectAdminOnly(api, { method: 'PATCH', path: `${LIST}/${id}`, json: { name: 'Hacked' } });
    await expectAdminOnly(api, { method: 'DELETE', path: `${LIST}/${id}` });
    expect((await authorRows()).map((row) => row.name)).toEqual(['Jordan Reyes']);
    expect(await db().run((d) => d.select().from(auditLog))).toEqual([]);
  });

  it('passes every write through the cross-site, JSON-only and parse guards, and refuses other methods', async () => {
    const id = await insertAuthor('Jordan Reyes', 'jordan-reyes');
    await expectWriteGuards(admin, { method: 'POST', path: LIST, json: maya });
    await expectWriteGuards(admin, { method: 'PATCH', path: `${LIST}/${id}`, json: maya });
    const crossSiteDelete = await admin.fetch(`${LIST}/${id}`, { method: 'DELETE', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSiteDelete.status).toBe(403);
    const put = await admin.fetch(`${LIST}/${id}`, { method: 'PUT', json: maya });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toContain('PATCH');
    expect((await authorRows()).map((row) => row.name)).toEqual(['Jordan Reyes']);
  });
});

describe('adding and editing authors', () => {
  it('adds an author with a slug from the name, lists them with their post count, and requests a rebuild', async () => {
    const response = await create({ ...maya, name: '  Maya Chen ', areas: ['Recovery', 'recovery', 'Sleep'] });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toEqual({ id: expect.any(Number), slug: 'maya-chen', ...maya, postCount: 0 });
    await insertPost('foam-rolling', created.id);
    const list = await (await admin.fetch(LIST)).json();
    expect(list).toEqual({ authors: [{ ...created, postCount: 1 }] });
    expect((await auditOf('author.create'))[0]?.summary).toBe('Added author "Maya Chen" (maya-chen)');
    await waitForBuildRequests('author added', 1);
  });

  it('answers bad input with 422, its message and the field it belongs beside, and writes nothing', async () => {
    const cases: Array<[unknown, string, string | undefined]> = [
      [{}, 'Name is required.', 'name'],
      [{ name: '' }, 'Name is required.', 'name'],
      [{ name: '???' }, authorTexts.nameWithoutSlug, 'name'],
      [{ name: 'M'.repeat(81) }, 'Name must be at most 80 characters.', 'name'],
      [{ name: 'Maya', photoUrl: 'javascript:alert(1)' }, authorTexts.photoUrlInvalid, 'photoUrl'],
      [{ name: 'Maya', areas: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, authorTexts.areasTooMany, 'areas'],
      [{ name: 'Maya', areas: 'Recovery' }, authorTexts.areasInvalid, 'areas'],
      [{ name: 'Maya', bio: 'x'.repeat(1001) }, 'Bio must be at most 1000 characters.', 'bio'],
      [{ name: 'Maya', role: 'Editor\u202e' }, 'Role contains invisible text-direction characters. Please remove them.', 'role'],
      [['Maya'], authorTexts.bodyInvalid, undefined],
    ];
    for (const [body, description, field] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toEqual({ error: { title: authorTexts.createFailed, description, ...(field ? { field } : {}) } });
    }
    expect(await authorRows()).toEqual([]);
  });

  it('refuses a name whose page address another author has (409, beside the name), on add and on edit', async () => {
    await insertAuthor('Maya Chen', 'maya-chen');
    const other = await insertAuthor('Jordan Reyes', 'jordan-reyes');
    const duplicate = await create({ name: 'MAYA  chen' });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: { title: authorTexts.createFailed, description: 'An author with the address /authors/maya-chen already exists (Maya Chen).', field: 'name' },
    });
    // A rename keeps the slug, so renaming Jordan to Maya's name is allowed: the address stays /authors/jordan-reyes.
    const renamed = await patch(other, { name: 'Jordan R. Reyes', role: 'Coach' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: other, slug: 'jordan-reyes', name: 'Jordan R. Reyes', role: 'Coach', areas: [] });
    expect((await authorRows()).length).toBe(2);
  });

  it('saves an edit with an audit entry and a rebuild, and an edit that changes nothing writes nothing', async () => {
    const id = await insertAuthor('Maya Chen', 'maya-chen');
    const saved = await patch(id, maya);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...maya, slug: 'maya-chen' });
    await waitForBuildRequests('author updated', 1);
    const again = await patch(id, maya);
    expect(again.status).toBe(200);
    expect((await auditOf('author.update')).length).toBe(1);
    const bad = await patch(id, { name: 'Maya', photoUrl: 'ftp://x' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error).toEqual({ title: authorTexts.updateFailed, description: authorTexts.photoUrlInvalid, field: 'photoUrl' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999', 'abc', '0']) {
      expect((await patch(id, maya)).status, id).toBe(404);
      expect((await remove(id)).status, id).toBe(404);
    }
  });
});

describe('deleting an author', () => {
  it('leaves their posts without a byline and reviews naming them without a reviewer, and touches no other', async () => {
    const id = await insertAuthor('Maya Chen', 'maya-chen');
    const other = await insertAuthor('Jordan Reyes', 'jordan-reyes');
    const theirs = await insertPost('foam-rolling', id);
    const draft = await insertPost('massage-guns', id);
    const someoneElses = await insertPost('dumbbells', other);
    const review = { verdict: 'Good.', pros: [], cons: [], bestFor: '', skipIf: '', score: 8, award: '', testedOn: null, updatedOn: null };
    await db().run((d) =>
      d.insert(products).values([
        { name: 'Roller', slug: 'roller', affiliateUrl: 'https://example.com/r', review: { ...review, reviewerId: id } },
        { name: 'Bench', slug: 'bench', affiliateUrl: 'https://example.com/b', review: { ...review, reviewerId: other } },
        { name: 'Mat', slug: 'mat', affiliateUrl: 'https://example.com/m', review: null },
      ]),
    );

    const response = await remove(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: { id, name: 'Maya Chen', slug: 'maya-chen' }, unbylinedPosts: 2 });
    expect((await postRow(theirs))?.bylineAuthorId).toBeNull();
    expect((await postRow(draft))?.bylineAuthorId).toBeNull();
    expect((await postRow(someoneElses))?.bylineAuthorId).toBe(other);
    const reviews = await db().run((d) => d.select({ slug: products.slug, review: products.review }).from(products).orderBy(products.slug));
    expect(reviews).toEqual([
      { slug: 'bench', review: { ...review, reviewerId: other } },
      { slug: 'mat', review: null },
      { slug: 'roller', review: { ...review, reviewerId: null } },
    ]);
    expect((await authorRows()).map((row) => row.slug)).toEqual(['jordan-reyes']);
    expect((await auditOf('author.delete'))[0]?.summary).toBe('Deleted author "Maya Chen" (maya-chen); 2 posts left without a byline');
    await waitForBuildRequests('author deleted', 1);
    expect((await remove(id)).status).toBe(404);
  });
});

describe("a post's byline in the blog API", () => {
  const post = { title: 'Foam Rolling 101', content: '<p>Roll slowly.</p>', published: false };

  it('saves and answers the chosen author, and clears it with null', async () => {
    const id = await insertAuthor('Maya Chen', 'maya-chen');
    const created = await admin.fetch('/api/admin/blog', { method: 'POST', json: { ...post, bylineAuthorId: id } });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.bylineAuthorId).toBe(id);
    expect((await postRow(body.id))?.bylineAuthorId).toBe(id);
    const read = await (await admin.fetch(`/api/admin/blog/${body.id}`)).json();
    expect(read.bylineAuthorId).toBe(id);
    const cleared = await admin.fetch(`/api/admin/blog/${body.id}`, { method: 'PUT', json: { ...post, slug: body.slug, bylineAuthorId: null } });
    expect(cleared.status).toBe(200);
    expect((await postRow(body.id))?.bylineAuthorId).toBeNull();
  });

  it('refuses a byline that is not an author id (422), or names an author who does not exist (422), and writes nothing', async () => {
    for (const bad of ['1', 0, -2, 1.5]) {
      const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: { ...post, bylineAuthorId: bad } });
      expect(response.status, String(bad)).toBe(422);
      expect((await response.json()).error.description).toBe(authorTexts.bylineInvalid);
    }
    const unknown = await admin.fetch('/api/admin/blog', { method: 'POST', json: { ...post, bylineAuthorId: 987_654 } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error).toEqual({ title: 'Error saving post', description: authorTexts.bylineUnknown });
    expect(await db().run((d) => d.select().from(blogPosts))).toEqual([]);
  });
});
