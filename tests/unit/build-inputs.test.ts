/**
 * Which data the static build is made from (src/server/build-inputs.ts): the rows pages render are content, and
 * everything the site records while it runs (timers' last runs, counters, sessions, tracking) is not.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { HERO_SETTING_ID } from '../../src/domain/hero.ts';
import { PRICE_SETTING_ID } from '../../src/domain/product-display/price-age.ts';
import { buildInputRole, CONTENT_TABLES, contentSummarySql, isRenderedSetting, RUNTIME_TABLES } from '../../src/server/build-inputs.ts';

const tables = Object.values(schema).filter((value) => is(value, SQLiteTable)).map((table) => getTableConfig(table));

describe('the build inputs', () => {
  it('place every table of the schema, and only those, as content or runtime state', () => {
    const names = tables.map((table) => table.name).sort();
    expect(names.filter((name) => buildInputRole(name) === undefined)).toEqual([]);
    expect([...Object.keys(CONTENT_TABLES), ...Object.keys(RUNTIME_TABLES)].sort()).toEqual(names);
    expect(Object.keys(CONTENT_TABLES).filter((name) => Object.hasOwn(RUNTIME_TABLES, name))).toEqual([]);
  });

  it("are the catalogue, renamed products' old addresses, the blog and its authors, the settings pages render and the rebuild requests", () => {
    expect(Object.keys(CONTENT_TABLES).sort()).toEqual(['authors', 'blog_posts', 'categories', 'product_slug_redirects', 'products', 'settings', 'site_builds']);
    for (const name of ['sessions', 'sign_in_attempts', 'rate_limits', 'product_analytics', 'clicks', 'conversions', 'tracking_recent_events', 'pins', 'link_health', 'link_check_runs']) {
      expect(buildInputRole(name), name).toBe('runtime');
    }
  });

  it('count only the hero and the stale price limit among the settings: the jobs keep their state in the same table', () => {
    expect(isRenderedSetting(HERO_SETTING_ID)).toBe(true);
    expect(isRenderedSetting(PRICE_SETTING_ID)).toBe(true);
    for (const id of ['pinterest.last_run', 'pinterest.token', 'pinterest.rate_limit', 'pinterest.settings', 'link_health', 'prices.last_refresh']) expect(isRenderedSetting(id), id).toBe(false);
  });

  it('mark changes with columns each content table has, and never with a counter', () => {
    for (const [name, rule] of Object.entries(CONTENT_TABLES)) {
      const columns = tables.find((table) => table.name === name)!.columns.map((column) => column.name);
      expect(columns, name).toEqual(expect.arrayContaining([...rule.marks]));
    }
    const sql = contentSummarySql();
    for (const counter of ['click_count', 'conversion_count', 'revenue_cents']) expect(sql).not.toContain(counter);
    for (const name of Object.keys(RUNTIME_TABLES)) expect(sql).not.toMatch(new RegExp(`FROM ${name}\\b`));
  });

  it('summarise the rendered rows of each content table in one query', () => {
    expect(contentSummarySql({ products: { rendered: "status <> 'draft'", marks: ['updated_at'] }, site_builds: { marks: ['id'] } })).toBe(
      `SELECT (SELECT count(*) || ':' || coalesce(max(updated_at), 0) FROM products WHERE status <> 'draft'), (SELECT count(*) || ':' || coalesce(max(id), 0) FROM site_builds)`,
    );
    expect(CONTENT_TABLES.settings!.rendered).toBe(`id IN ('${HERO_SETTING_ID}', '${PRICE_SETTING_ID}')`);
  });
});
