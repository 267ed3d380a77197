/**
 * Which data the static pages are made from, and which is runtime state no page shows (ARCHITECTURE section 1).
 *
 * The build's fingerprint (local/fingerprint.ts) covers exactly the content below, so `npm start` rebuilds when a page
 * would change, and not when a timer records its last run, a beacon counts a click or someone signs in. The content
 * layer reads the same rows (src/content.config.ts; the settings collection holds RENDERED_SETTING_IDS only). Every
 * table of db/schema.ts is in one of the two lists (tests/unit/build-inputs.test.ts): a new table must be placed.
 */
import { HERO_SETTING_ID } from '../domain/hero.ts';
import { PRICE_SETTING_ID } from '../domain/product-display/price-age.ts';

/**
 * The settings rows pages render: the home page's hero, and the stale limit that decides whether a price shows. Every
 * other row is a job's or an admin screen's state.
 */
export const RENDERED_SETTING_IDS: readonly string[] = [HERO_SETTING_ID, PRICE_SETTING_ID];

export interface ContentTable {
  /** The rows a page can show, as an SQL condition on the table's own columns; every row when absent. */
  rendered?: string;
  /**
   * Columns whose largest value moves whenever a rendered value changes. A content write sets updated_at (drizzle's
   * $onUpdateFn); the counters' writes (click_count, conversion_count, revenue_cents, which no page renders) leave it
   * as it was. With the count of rendered rows they tell an edit, an addition and a removal from no change.
   */
  marks: readonly string[];
}

export const CONTENT_TABLES: Readonly<Record<string, ContentTable>> = {
  products: { rendered: "status <> 'draft'", marks: ['updated_at', 'created_at'] },
  categories: { marks: ['updated_at', 'created_at'] },
  blog_posts: { rendered: 'published = 1', marks: ['updated_at', 'created_at'] },
  // Bylines, author pages and reviewers on product pages.
  authors: { marks: ['updated_at', 'created_at'] },
  // _redirects sends a renamed product's old address to its page.
  product_slug_redirects: { marks: ['created_at'] },
  settings: { rendered: `id IN (${RENDERED_SETTING_IDS.map(sqlText).join(', ')})`, marks: ['updated_at'] },
  // Not shown either, but every admin write asks for a build here: a request that was never built, or whose build
  // failed, is built at the next start even when the rows above cannot tell its change apart.
  site_builds: { marks: ['id'] },
};

/** Every other table, with what it holds: read by functions and the admin panel at run time, never by a page. */
export const RUNTIME_TABLES: Readonly<Record<string, string>> = {
  users: 'accounts',
  sessions: 'sign-ins',
  sign_in_attempts: 'the sign-in throttle',
  rate_limits: 'request counters',
  server_secrets: "the server's own keys",
  affiliate_links: 'the links products were added from',
  product_analytics: 'counted views, clicks and conversions',
  bookmarks: "shoppers' saved posts",
  wishlists: "shoppers' saved products",
  contact_messages: 'messages sent through the contact form',
  audit_log: "who changed what in the admin panel",
  undo_jobs: 'what undoable admin writes changed',
  product_trash: 'deleted products kept a day for Undo',
  tracking_salts: "tracking's daily salts",
  tracking_recent_events: "tracking's repeat window",
  csv_import_batches: 'CSV import progress',
  pins: "the Pinterest publisher's pins",
  link_checks: "the link checker's history",
  price_checks: "each product's price history (the admin's chart; pages show only the product's last check)",
  link_health: "the link checker's state per product",
  link_check_runs: "the link checker's runs",
  link_health_digests: "the daily link e-mail's sends",
  link_health_mailed: 'which broken links each admin was e-mailed about',
  clicks: 'outbound clicks and their click ids',
  conversions: 'sales reported by networks',
  revenue_networks: 'postback tokens',
  report_mappings: 'report import column mappings',
};

export type BuildInputRole = 'content' | 'runtime';

/** Whether a page is built from the table's rows, or they are runtime state; undefined for a table not placed yet. */
export function buildInputRole(table: string): BuildInputRole | undefined {
  if (Object.hasOwn(CONTENT_TABLES, table)) return 'content';
  if (Object.hasOwn(RUNTIME_TABLES, table)) return 'runtime';
  return undefined;
}

/** Whether a page renders the settings row `id` (the hero does; pinterest.last_run and the like do not). */
export function isRenderedSetting(id: string): boolean {
  return RENDERED_SETTING_IDS.includes(id);
}

/**
 * One query whose single row summarises the content: per content table, the count of rendered rows and the largest
 * value of each mark. Equal answers mean the pages would be built from the same rows.
 */
export function contentSummarySql(tables: Readonly<Record<string, ContentTable>> = CONTENT_TABLES): string {
  const parts = Object.entries(tables).map(([table, { rendered, marks }]) => {
    const values = ['count(*)', ...marks.map((column) => `coalesce(max(${column}), 0)`)].join(` || ':' || `);
    return `(SELECT ${values} FROM ${table}${rendered ? ` WHERE ${rendered}` : ''})`;
  });
  return `SELECT ${parts.join(', ')}`;
}

function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
