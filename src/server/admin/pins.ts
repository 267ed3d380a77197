/**
 * Reading pins for the Pinterest screen: the list with its filters and counts, one pin, and the texts a new pin
 * starts with (issue 12, point 1).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { blogPosts, pins, products, type PinRow } from '../../../db/schema.ts';
import type { PinDefaults, PinListQuery, PinList, PinSourceRef, PinView } from '../../domain/admin/pinterest/api.ts';
import { defaultPostPinTexts, defaultProductPinTexts } from '../../domain/admin/pinterest/default-texts.ts';
import { postImageChoices, productImageChoices } from '../../domain/admin/pinterest/images.ts';
import { affiliatePinLink, pinPageLink } from '../../domain/admin/pinterest/links.ts';
import { pinStatuses, type PinStatus } from '../../domain/admin/pinterest/texts.ts';
import { env } from '../env.ts';

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** pin_ and 20 random base-32 characters (100 bits): the pin's idempotency key. */
export function newPinKey(): string {
  return `pin_${[...randomBytes(20)].map((byte) => KEY_ALPHABET[byte & 31]).join('')}`;
}

export interface ProductSource {
  type: 'product';
  id: number;
  name: string;
  slug: string;
  price: number;
  salePrice: number | null;
  description: string;
  imageUrl: string | null;
  affiliateUrl: string;
  attributes: Record<string, unknown>;
  specifications: Record<string, unknown>;
}

export interface PostSource {
  type: 'post';
  id: number;
  name: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string | null;
}

export type PinSource = ProductSource | PostSource;

type Reader = Pick<Db, 'select'>;

export async function loadSource(db: Reader, ref: PinSourceRef): Promise<PinSource | undefined> {
  if (ref.type === 'product') {
    const [row] = await db.select().from(products).where(eq(products.id, ref.id));
    return row && { type: 'product', id: row.id, name: row.name, slug: row.slug, price: row.price, salePrice: row.salePrice, description: row.description, imageUrl: row.imageUrl, affiliateUrl: row.affiliateUrl, attributes: row.attributes, specifications: row.specifications };
  }
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, ref.id));
  return row && { type: 'post', id: row.id, name: row.title, slug: row.slug, excerpt: row.excerpt, content: row.content, imageUrl: row.imageUrl };
}

export function sourceTexts(source: PinSource, isAffiliate: boolean) {
  return source.type === 'product'
    ? defaultProductPinTexts({ ...source, name: source.name }, isAffiliate)
    : defaultPostPinTexts({ title: source.name, excerpt: source.excerpt, content: source.content }, isAffiliate);
}

export function sourceImages(source: PinSource) {
  return source.type === 'product' ? productImageChoices(source) : postImageChoices(source);
}

export function sourceAffiliateLink(source: PinSource): string | null {
  return source.type === 'product' ? affiliatePinLink(source.affiliateUrl, env().AMAZON_ASSOCIATE_TAG) : null;
}

export async function pinDefaults(database: Database, ref: PinSourceRef): Promise<PinDefaults | undefined> {
  return database.run(async (db) => {
    const source = await loadSource(db, ref);
    if (!source) return undefined;
    const plain = sourceTexts(source, false);
    const images = sourceImages(source);
    const [existing] = await db
      .select({ count: sql<number>`count(*)` })
      .from(pins)
      .where(source.type === 'product' ? eq(pins.productId, source.id) : eq(pins.postId, source.id));
    // The key is made when the pin is saved; the preview shows the link without it.
    const pageLink = new URL(pinPageLink(env().SITE_URL, source, newPinKey()));
    pageLink.searchParams.delete('utm_content');
    return {
      source: { type: source.type, id: source.id, name: source.name, slug: source.slug },
      title: plain.title,
      description: plain.description,
      descriptionForAffiliate: sourceTexts(source, true).description,
      altText: plain.altText,
      pageLink: pageLink.href,
      affiliateLink: sourceAffiliateLink(source),
      images,
      imageUrl: images[0]?.url ?? null,
      existingPins: Number(existing?.count ?? 0),
    };
  });
}

interface ViewRow {
  pin: PinRow;
  productSlug: string | null;
  postSlug: string | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function pinView({ pin, productSlug, postSlug }: ViewRow): PinView {
  return {
    id: pin.id,
    key: pin.idempotencyKey,
    source: { type: pin.sourceType, id: pin.sourceType === 'product' ? pin.productId : pin.postId, name: pin.sourceName || null, slug: pin.sourceType === 'product' ? productSlug : postSlug },
    title: pin.title,
    description: pin.description,
    link: pin.link,
    isAffiliate: pin.isAffiliate,
    imageUrl: pin.imageUrl,
    altText: pin.altText,
    boardId: pin.boardId,
    boardName: pin.boardName,
    status: pin.status,
    publishAt: iso(pin.publishAt),
    publishedAt: iso(pin.publishedAt),
    pinterestPinId: pin.pinterestPinId,
    pinterestUrl: pin.pinterestUrl,
    failureReason: pin.failureReason,
    attempts: pin.attempts,
    createdAt: pin.createdAt.toISOString(),
    updatedAt: pin.updatedAt.toISOString(),
  };
}

function viewQuery(db: Reader) {
  return db
    .select({ pin: pins, productSlug: products.slug, postSlug: blogPosts.slug })
    .from(pins)
    .leftJoin(products, eq(products.id, pins.productId))
    .leftJoin(blogPosts, eq(blogPosts.id, pins.postId));
}

export async function readPin(db: Reader, id: number): Promise<PinView | undefined> {
  const [row] = await viewQuery(db).where(eq(pins.id, id));
  return row && pinView(row);
}

export async function getPin(database: Database, id: number): Promise<PinView | undefined> {
  return database.run((db) => readPin(db, id));
}

export async function listPins(database: Database, query: PinListQuery): Promise<PinList> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(pins.status, query.status));
  if (query.board) conditions.push(eq(pins.boardId, query.board));
  if (query.source) conditions.push(eq(pins.sourceType, query.source));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  return database.run(async (db) => {
    const rows = await viewQuery(db)
      .where(where)
      .orderBy(desc(pins.createdAt), desc(pins.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [total] = await db.select({ count: sql<number>`count(*)` }).from(pins).where(where);
    // Per status over the other filters, so the status filter's badges stay meaningful while it is set.
    const countConditions = conditions.filter((_, index) => !(query.status && index === 0));
    const grouped = await db
      .select({ status: pins.status, count: sql<number>`count(*)` })
      .from(pins)
      .where(countConditions.length > 0 ? and(...countConditions) : undefined)
      .groupBy(pins.status);
    const counts = Object.fromEntries(pinStatuses.map((status) => [status, 0])) as Record<PinStatus, number>;
    for (const row of grouped) counts[row.status] = Number(row.count);
    return { rows: rows.map(pinView), total: Number(total?.count ?? 0), page: query.page, pageSize: query.pageSize, counts };
  });
}
