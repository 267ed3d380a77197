import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRIZZLE_RESOLVE_HOOK } from '../../src/server/local/builder.ts';

const root = join(import.meta.dirname, '../..');

/**
 * Registered before the hook, so it sits between the hook and Node's own resolution: it counts the drizzle-internal
 * imports that reach Node's resolution, the slow path the hook exists to avoid.
 */
const COUNTER = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
globalThis.reachedNode = 0;
registerHooks({ resolve(specifier, context, next) {
  if (context.parentURL?.includes('/node_modules/drizzle-orm/') && specifier.startsWith('.')) globalThis.reachedNode += 1;
  return next(specifier, context);
} });`)}`;

/** Loads drizzle-orm the ways the project does, then prints what the test checks. */
const PROGRAM = `
const root = await import('drizzle-orm');
const conditions = await import('drizzle-orm/sql/expressions/conditions');
const { SQLiteTable } = await import('drizzle-orm/sqlite-core');
const { drizzle } = await import('drizzle-orm/libsql/web');
console.log(JSON.stringify({ sameModule: root.eq === conditions.eq, loaded: typeof SQLiteTable === 'function' && typeof drizzle === 'function', reachedNode: globalThis.reachedNode }));
`;

function run(withHook: boolean): { sameModule: boolean; loaded: boolean; reachedNode: number } {
  const args = ['--import', COUNTER, ...(withHook ? DRIZZLE_RESOLVE_HOOK : []), '--input-type=module', '-e', PROGRAM];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim()) as { sameModule: boolean; loaded: boolean; reachedNode: number };
}

describe('the drizzle-orm resolve hook of the build and serve processes', () => {
  it('resolves drizzle-orm’s own imports itself, to the very modules Node would load', () => {
    const without = run(false);
    expect(without.reachedNode).toBeGreaterThan(50);
    expect(run(true)).toEqual({ sameModule: true, loaded: true, reachedNode: 0 });
  });
});
