/**
 * The networks allowed to send conversion postbacks (issue 14, point 3): a token per network, stored only as its
 * SHA-256, and optionally an HMAC secret. A new token replaces the old one in the same write, so the old URL stops
 * working at once. The plain token and secret leave this module only in the answer to the admin who made them; the
 * audit log records that a token was made, never the token.
 *
 * Nothing public changes here, so unlike product or category writes (afterAdminWrite in endpoint.ts) no rebuild is
 * requested: the postback endpoint reads the table on every call.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { revenueNetworks, type RevenueNetworkRow } from '../../../db/schema.ts';
import {
  macrosDocumented,
  postbackUrlTemplate,
  revenueNetworkLabels,
  type RevenueNetwork,
  type RevenueNetworkSecret,
  type RevenueNetworkToken,
} from '../../domain/admin/revenue-networks.ts';
import { postbackNetworks, type PostbackNetwork } from '../../domain/revenue/postback.ts';
import { hashPostbackToken, newPostbackToken } from '../../domain/revenue/signature.ts';
import { env } from '../env.ts';
import { appendAudit, type AuditActor } from './audit.ts';

/**
 * The public site URL the postback URLs start with: SITE_URL, else the origin the admin reached this server by (a
 * local run without SITE_URL). Only the admin who asked sees the answer, so a chosen Host header fools no one else.
 */
export function postbackSiteUrl(request: Request): string {
  return env().SITE_URL ?? new URL(request.url).origin;
}

function summary(siteUrl: string, network: PostbackNetwork, row: RevenueNetworkRow | undefined): RevenueNetwork {
  return {
    network,
    label: revenueNetworkLabels[network],
    configured: row !== undefined,
    signed: row?.signatureSecret != null,
    createdAt: row ? row.createdAt.toISOString() : null,
    rotatedAt: row ? row.rotatedAt.toISOString() : null,
    urlTemplate: postbackUrlTemplate(siteUrl, network),
    macrosDocumented: macrosDocumented(network),
  };
}

/** Every network the endpoint knows, configured or not, in postbackNetworks order. */
export async function listRevenueNetworks(database: Database, siteUrl: string): Promise<RevenueNetwork[]> {
  const rows = await database.run((db) => db.select().from(revenueNetworks));
  const byNetwork = new Map(rows.map((row) => [row.network, row]));
  return postbackNetworks.map((network) => summary(siteUrl, network, byNetwork.get(network)));
}

/** Creates the network's token, or replaces it (rotation); the signing secret, if any, is kept. */
export async function issueRevenueNetworkToken(database: Database, actor: AuditActor, siteUrl: string, network: PostbackNetwork, now = new Date()): Promise<RevenueNetworkToken> {
  const token = newPostbackToken();
  const tokenHash = hashPostbackToken(token);
  const row = await database.run((db) =>
    db.transaction(async (tx) => {
      const existing = await tx.select({ network: revenueNetworks.network }).from(revenueNetworks).where(eq(revenueNetworks.network, network)).get();
      await appendAudit(tx, actor, {
        action: existing ? 'revenue-network.rotate' : 'revenue-network.create',
        entityType: 'revenue-network',
        entityId: network,
        summary: existing ? `Rotated the postback token of ${revenueNetworkLabels[network]}` : `Created a postback token for ${revenueNetworkLabels[network]}`,
      });
      return tx
        .insert(revenueNetworks)
        .values({ network, tokenHash, createdAt: now, rotatedAt: now })
        .onConflictDoUpdate({ target: revenueNetworks.network, set: { tokenHash, rotatedAt: now } })
        .returning()
        .get();
    }),
  );
  return { network: summary(siteUrl, network, row), token, postbackUrl: postbackUrlTemplate(siteUrl, network, token) };
}

/** A new HMAC secret for a configured network (undefined when it has no token yet). */
export async function issueRevenueNetworkSecret(database: Database, actor: AuditActor, siteUrl: string, network: PostbackNetwork): Promise<RevenueNetworkSecret | undefined> {
  // The same 256 random bits as a token: plenty for an HMAC-SHA256 key, and safe to paste anywhere.
  const secret = newPostbackToken();
  const row = await database.run((db) =>
    db.transaction(async (tx) => {
      const updated = await tx.update(revenueNetworks).set({ signatureSecret: secret }).where(eq(revenueNetworks.network, network)).returning().get();
      if (!updated) return undefined;
      await appendAudit(tx, actor, {
        action: 'revenue-network.secret',
        entityType: 'revenue-network',
        entityId: network,
        summary: `Set a new signing secret for ${revenueNetworkLabels[network]}`,
      });
      return updated;
    }),
  );
  return row ? { network: summary(siteUrl, network, row), secret } : undefined;
}

/** Stops requiring a signature from the network (undefined when it is not configured). */
export async function clearRevenueNetworkSecret(database: Database, actor: AuditActor, siteUrl: string, network: PostbackNetwork): Promise<RevenueNetwork | undefined> {
  const row = await database.run((db) =>
    db.transaction(async (tx) => {
      const updated = await tx.update(revenueNetworks).set({ signatureSecret: null }).where(eq(revenueNetworks.network, network)).returning().get();
      if (!updated) return undefined;
      await appendAudit(tx, actor, {
        action: 'revenue-network.secret-clear',
        entityType: 'revenue-network',
        entityId: network,
        summary: `Removed the signing secret of ${revenueNetworkLabels[network]}`,
      });
      return updated;
    }),
  );
  return row ? summary(siteUrl, network, row) : undefined;
}

/** Removes the network's token and secret: its postbacks answer 404 from now on. Its conversions stay. */
export async function removeRevenueNetwork(database: Database, actor: AuditActor, siteUrl: string, network: PostbackNetwork): Promise<RevenueNetwork | undefined> {
  const removed = await database.run((db) =>
    db.transaction(async (tx) => {
      const row = await tx.delete(revenueNetworks).where(eq(revenueNetworks.network, network)).returning({ network: revenueNetworks.network }).get();
      if (!row) return false;
      await appendAudit(tx, actor, {
        action: 'revenue-network.remove',
        entityType: 'revenue-network',
        entityId: network,
        summary: `Removed ${revenueNetworkLabels[network]}: its postbacks are refused`,
      });
      return true;
    }),
  );
  return removed ? summary(siteUrl, network, undefined) : undefined;
}
