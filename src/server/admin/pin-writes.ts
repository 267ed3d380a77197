/**
 * Writing pins (issue 12, points 1 and 2): create from a product or post, update, delete, and the bulk actions. Each
 * write is one transaction with its audit entry. Pins are not public content, so no rebuild is requested.
 *
 * Links: our own page always carries the UTM parameters and, in utm_content, the pin's idempotency key (whatever the
 * admin typed there); any link is checked for being an affiliate one, and an affiliate pin's description always ends
 * with the '#ad' disclosure.
 */
import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { blogPosts, pins, products, type NewPinRow, type PinRow } from '../../../db/schema.ts';
import type { PinBulkInput, PinBulkResult, PinCreateInput, PinUpdateInput, PinView, PublishMode } from '../../domain/admin/pinterest/api.ts';
import { withDisclosure } from '../../domain/admin/pinterest/default-texts.ts';
import { isAffiliateLink, isOwnLink, pinPageLink, UTM_CAMPAIGNS, UTM_MEDIUM, UTM_SOURCE } from '../../domain/admin/pinterest/links.ts';
import { hasUsableBoard } from '../../domain/admin/pinterest/board-rule.ts';
import { spreadSchedule } from '../../domain/admin/pinterest/spacing.ts';
import { pinTexts, type PinSourceType } from '../../domain/admin/pinterest/texts.ts';
import { env } from '../env.ts';
import { cachedBoardName } from '../pinterest/boards.ts';
import { pinterestConnection } from '../pinterest/state.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { loadSource, newPinKey, readPin, sourceAffiliateLink, sourceImages, sourceTexts, type PinSource } from './pins.ts';

/** A request that breaks a rule only the database can check; `status` is the answer's. */
export class PinInputError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const EDITABLE: readonly PinRow['status'][] = ['draft', 'scheduled', 'failed'];

/** An own-site link with the UTM parameters set and the pin's key in utm_content; any other link as it is. */
export function normalizeLink(link: string, key: string, sourceType: PinSourceType): string {
  const siteUrl = env().SITE_URL;
  if (!isOwnLink(link, siteUrl)) return link;
  const url = new URL(link);
  if (!url.searchParams.has('utm_source')) url.searchParams.set('utm_source', UTM_SOURCE);
  if (!url.searchParams.has('utm_medium')) url.searchParams.set('utm_medium', UTM_MEDIUM);
  if (!url.searchParams.has('utm_campaign')) url.searchParams.set('utm_campaign', UTM_CAMPAIGNS[sourceType]);
  url.searchParams.set('utm_content', key);
  return url.href;
}

function linkFor(source: PinSource, key: string, input: { link?: string; linkType?: 'page' | 'affiliate' }): string {
  if (input.link) return normalizeLink(input.link, key, source.type);
  if (input.linkType === 'affiliate') {
    const affiliate = sourceAffiliateLink(source);
    if (!affiliate) throw new PinInputError(422, 'Only a product has an affiliate link: choose its page, or type a link.');
    return affiliate;
  }
  return pinPageLink(env().SITE_URL, source, key);
}

function affiliate(link: string, source: PinSource | undefined): boolean {
  return isAffiliateLink(link, {
    siteUrl: env().SITE_URL,
    productAffiliateUrl: source?.type === 'product' ? source.affiliateUrl : null,
    amazonTag: env().AMAZON_ASSOCIATE_TAG,
  });
}

function schedule(mode: PublishMode | undefined, publishAt: Date | null | undefined, now: Date): Pick<NewPinRow, 'status' | 'publishAt'> | undefined {
  if (mode === 'now') return { status: 'scheduled', publishAt: now };
  if (mode === 'schedule') return { status: 'scheduled', publishAt: publishAt ?? now };
  if (mode === 'draft') return { status: 'draft', publishAt: publishAt ?? null };
  return undefined;
}

/**
 * The board's name to store: the one given (boardNameSchema trimmed it and refused an empty one), else the listed
 * board's. A name without an id is kept: without a token the boards cannot be listed, and the bulk-create CSV names
 * the board, so the name is all the CSV route needs (the API route still needs an id).
 */
function boardNameFor(boardId: string | null | undefined, boardName: string | null | undefined): string | null {
  return boardName ?? (boardId ? cachedBoardName(boardId) : null);
}

/** Whether the API route exists: without a token a board named by text is enough to schedule (board-rule.ts). */
const apiConfigured = () => pinterestConnection().configured;

function sourceColumns(source: PinSource): Pick<NewPinRow, 'sourceType' | 'productId' | 'postId' | 'sourceName'> {
  return { sourceType: source.type, productId: source.type === 'product' ? source.id : null, postId: source.type === 'post' ? source.id : null, sourceName: source.name };
}

export async function createPin(database: Database, actor: AuditActor, input: PinCreateInput, now = new Date()): Promise<PinView> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const source = await loadSource(tx, input.source);
      if (!source) throw new PinInputError(422, pinTexts.sourceNotFound);
      const key = newPinKey();
      const link = linkFor(source, key, input);
      const isAffiliate = affiliate(link, source);
      const defaults = sourceTexts(source, isAffiliate);
      const imageUrl = input.imageUrl ?? sourceImages(source)[0]?.url;
      if (!imageUrl) throw new PinInputError(422, pinTexts.imageRequired);
      const timing = schedule(input.publish ?? 'draft', input.publishAt, now)!;
      if (timing.status === 'scheduled' && !hasUsableBoard(input, apiConfigured())) throw new PinInputError(422, pinTexts.boardRequired);
      const [row] = await tx
        .insert(pins)
        .values({
          ...sourceColumns(source),
          title: input.title ?? defaults.title,
          description: withDisclosure(input.description ?? defaults.description, isAffiliate),
          link,
          isAffiliate,
          imageUrl,
          altText: input.altText ?? defaults.altText,
          boardId: input.boardId ?? null,
          boardName: boardNameFor(input.boardId, input.boardName),
          ...timing,
          idempotencyKey: key,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: pins.id });
      await appendAudit(tx, actor, { action: 'pin.create', entityType: 'pin', entityId: row!.id, summary: `Pin "${input.title ?? defaults.title}" for ${source.type} "${source.name}" (${timing.status})` });
      return (await readPin(tx, row!.id))!;
    }),
  );
}

/** The updated pin, or undefined when it does not exist. */
export async function updatePin(database: Database, actor: AuditActor, id: number, input: PinUpdateInput, now = new Date()): Promise<PinView | undefined> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(pins).where(eq(pins.id, id));
      if (!current) return undefined;
      if (!EDITABLE.includes(current.status)) throw new PinInputError(409, pinTexts.notEditable);
      const source = current.productId ? await loadSource(tx, { type: 'product', id: current.productId }) : current.postId ? await loadSource(tx, { type: 'post', id: current.postId }) : undefined;
      let link = current.link;
      if (input.link || input.linkType) {
        if (!source && !input.link) throw new PinInputError(422, pinTexts.sourceNotFound);
        link = source ? linkFor(source, current.idempotencyKey, input) : input.link!;
        if (!source) link = normalizeLink(link, current.idempotencyKey, current.sourceType);
      }
      const isAffiliate = affiliate(link, source);
      const boardId = input.boardId === undefined ? current.boardId : input.boardId;
      const timing = schedule(input.publish, input.publishAt, now);
      const status = timing?.status ?? current.status;
      const boardName = input.boardId === undefined && input.boardName === undefined ? current.boardName : boardNameFor(boardId, input.boardName);
      if (status === 'scheduled' && !hasUsableBoard({ boardId, boardName }, apiConfigured())) throw new PinInputError(422, pinTexts.boardRequired);
      const changes: Partial<NewPinRow> = {
        title: input.title ?? current.title,
        description: withDisclosure(input.description ?? current.description, isAffiliate),
        link,
        isAffiliate,
        imageUrl: input.imageUrl ?? current.imageUrl,
        altText: input.altText ?? current.altText,
        boardId,
        boardName,
        ...(timing ?? {}),
        ...(timing?.status === 'scheduled' ? { failureReason: null, attempts: 0, nextAttemptAt: null } : {}),
        updatedAt: now,
      };
      await tx.update(pins).set(changes).where(eq(pins.id, id));
      const changed = Object.keys(input).join(', ') || 'nothing';
      await appendAudit(tx, actor, { action: 'pin.update', entityType: 'pin', entityId: id, summary: `Updated pin "${changes.title}" (${changed})` });
      return readPin(tx, id);
    }),
  );
}

/** True when deleted; false when it does not exist. A pin being published cannot be deleted (409). */
export async function deletePin(database: Database, actor: AuditActor, id: number): Promise<boolean> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(pins).where(eq(pins.id, id));
      if (!current) return false;
      if (current.status === 'publishing') throw new PinInputError(409, 'The pin is being published right now: try again in a minute.');
      await tx.delete(pins).where(eq(pins.id, id));
      await appendAudit(tx, actor, { action: 'pin.delete', entityType: 'pin', entityId: id, summary: `Deleted pin "${current.title}" (${current.status})` });
      return true;
    }),
  );
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts at most this many rows a statement: 26 columns each stay far under SQLite's 32,766 parameters. */
const INSERT_CHUNK = 500;

async function createDrafts(tx: Tx, actor: AuditActor, input: Extract<PinBulkInput, { action: 'create-drafts' }>, now: Date): Promise<PinBulkResult> {
  const productRows = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        ne(products.status, 'draft'),
        input.scope.type === 'category' ? eq(products.categoryId, input.scope.categoryId) : undefined,
        notExists(tx.select({ one: sql`1` }).from(pins).where(eq(pins.productId, products.id))),
      ),
    );
  const postRows =
    input.scope.type === 'without-pin'
      ? await tx
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(and(eq(blogPosts.published, true), notExists(tx.select({ one: sql`1` }).from(pins).where(eq(pins.postId, blogPosts.id)))))
      : [];
  const [pinned] =
    input.scope.type === 'category'
      ? await tx
          .select({ count: sql<number>`count(*)` })
          .from(products)
          .where(and(ne(products.status, 'draft'), eq(products.categoryId, input.scope.categoryId), sql`exists (select 1 from pins where pins.product_id = ${products.id})`))
      : [{ count: 0 }];
  const values: NewPinRow[] = [];
  let noImage = 0;
  const refs = [...productRows.map((row) => ({ type: 'product' as const, id: row.id })), ...postRows.map((row) => ({ type: 'post' as const, id: row.id }))];
  for (const ref of refs) {
    const source = (await loadSource(tx, ref))!;
    const imageUrl = sourceImages(source)[0]?.url;
    if (!imageUrl) {
      noImage++;
      continue;
    }
    const key = newPinKey();
    const texts = sourceTexts(source, false);
    values.push({
      ...sourceColumns(source),
      title: texts.title,
      description: texts.description,
      link: pinPageLink(env().SITE_URL, source, key),
      isAffiliate: false,
      imageUrl,
      altText: texts.altText,
      boardId: input.boardId ?? null,
      boardName: boardNameFor(input.boardId, input.boardName),
      status: 'draft',
      idempotencyKey: key,
      createdAt: now,
      updatedAt: now,
    });
  }
  for (let start = 0; start < values.length; start += INSERT_CHUNK) await tx.insert(pins).values(values.slice(start, start + INSERT_CHUNK));
  const scope = input.scope.type === 'category' ? `category ${input.scope.categoryId}` : 'everything without a pin';
  const description = [
    `${values.length} draft${values.length === 1 ? '' : 's'} created for ${scope}.`,
    Number(pinned?.count ?? 0) > 0 ? `${pinned!.count} already had a pin.` : '',
    noImage > 0 ? `${noImage} had no image and were skipped.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (values.length > 0) await appendAudit(tx, actor, { action: 'pins.bulk.create-drafts', entityType: 'pin', summary: description });
  return {
    action: 'create-drafts',
    matched: refs.length + Number(pinned?.count ?? 0),
    changed: values.length,
    unchanged: noImage + Number(pinned?.count ?? 0),
    missing: 0,
    title: values.length > 0 ? 'Drafts created' : 'No drafts created',
    description,
  };
}

const bulkTitles: Record<Exclude<PinBulkInput['action'], 'create-drafts'>, string> = {
  edit: 'Pins updated',
  reschedule: 'Pins rescheduled',
  'to-draft': 'Pins moved to drafts',
  delete: 'Pins deleted',
};
/** The title when the action changed nothing: shown as a warning (board-rule.ts bulkResultVariant). */
const noneChangedTitles: Record<Exclude<PinBulkInput['action'], 'create-drafts'>, string> = {
  edit: 'No pins updated',
  reschedule: 'No pins rescheduled',
  'to-draft': 'No pins moved to drafts',
  delete: 'No pins deleted',
};

export async function applyPinBulk(database: Database, actor: AuditActor, input: PinBulkInput, now = new Date()): Promise<PinBulkResult> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      if (input.action === 'create-drafts') return createDrafts(tx, actor, input, now);
      const rows = await tx.select().from(pins).where(inArray(pins.id, input.ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const ordered = input.ids.map((id) => byId.get(id)).filter((row): row is PinRow => row !== undefined);
      let eligible: PinRow[];
      switch (input.action) {
        case 'edit': {
          eligible = ordered.filter((row) => EDITABLE.includes(row.status));
          const boardId = input.boardId;
          const set: Partial<NewPinRow> = { updatedAt: now };
          // A name without an id names another board than the old id did (the CSV route): the id is cleared.
          if (boardId !== undefined || input.boardName !== undefined) Object.assign(set, { boardId: boardId ?? null, boardName: boardNameFor(boardId, input.boardName) });
          if (input.altText !== undefined) set.altText = input.altText;
          if (eligible.length > 0) await tx.update(pins).set(set).where(inArray(pins.id, eligible.map((row) => row.id)));
          break;
        }
        case 'reschedule': {
          const configured = apiConfigured();
          eligible = ordered.filter((row) => EDITABLE.includes(row.status) && hasUsableBoard(row, configured));
          const times = spreadSchedule(eligible.length, input.publishAt, input.everyMinutes);
          for (const [index, row] of eligible.entries()) {
            await tx.update(pins).set({ status: 'scheduled', publishAt: times[index]!, failureReason: null, attempts: 0, nextAttemptAt: null, updatedAt: now }).where(eq(pins.id, row.id));
          }
          break;
        }
        case 'to-draft': {
          eligible = ordered.filter((row) => row.status === 'scheduled' || row.status === 'failed');
          if (eligible.length > 0) await tx.update(pins).set({ status: 'draft', updatedAt: now }).where(inArray(pins.id, eligible.map((row) => row.id)));
          break;
        }
        case 'delete': {
          eligible = ordered.filter((row) => row.status !== 'publishing');
          if (eligible.length > 0) await tx.delete(pins).where(and(inArray(pins.id, eligible.map((row) => row.id)), ne(pins.status, 'publishing')));
          break;
        }
      }
      const missing = input.ids.length - ordered.length;
      const unchanged = ordered.length - eligible.length;
      const parts = [`${eligible.length} of ${input.ids.length} pin${input.ids.length === 1 ? '' : 's'} changed.`];
      if (unchanged > 0) parts.push(`${unchanged} left as they were (${input.action === 'reschedule' ? 'no board, publishing or published' : 'publishing or published'}).`);
      if (missing > 0) parts.push(`${missing} no longer exist.`);
      const description = parts.join(' ');
      if (eligible.length > 0) await appendAudit(tx, actor, { action: `pins.bulk.${input.action}`, entityType: 'pin', summary: description });
      const title = eligible.length > 0 ? bulkTitles[input.action] : noneChangedTitles[input.action];
      return { action: input.action, matched: ordered.length, changed: eligible.length, unchanged, missing, title, description };
    }),
  );
}

/**
 * 'Publish now' for chosen pins: drafts, scheduled and failed pins with a board become due now (one transaction, one
 * audit entry); the caller then runs the publisher for them. The ids that became due.
 */
export async function makeDueNow(database: Database, actor: AuditActor, ids: readonly number[], now = new Date()): Promise<number[]> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(pins)
        .set({ status: 'scheduled', publishAt: now, failureReason: null, attempts: 0, nextAttemptAt: null, updatedAt: now })
        .where(and(inArray(pins.id, [...ids]), inArray(pins.status, [...EDITABLE]), sql`${pins.boardId} is not null`))
        .returning({ id: pins.id });
      if (rows.length > 0) await appendAudit(tx, actor, { action: 'pins.publish-now', entityType: 'pin', summary: `Publish now: ${rows.length} pin${rows.length === 1 ? '' : 's'}` });
      return rows.map((row) => row.id);
    }),
  );
}

