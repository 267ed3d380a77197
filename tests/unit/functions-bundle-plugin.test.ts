import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionEntries } from '../../netlify/plugins/functions-bundle/bundle.js';
import { onBuild } from '../../netlify/plugins/functions-bundle/index.js';
import { findFunctionFiles } from '../../src/server/local/functions.ts';

const root = join(import.meta.dirname, '../..');
const made: string[] = [];
/** Inside the project, as the functions' sources are, so that esbuild finds the packages they import. */
const folder = () => {
  mkdirSync(join(root, '.netlify'), { recursive: true });
  const dir = mkdtempSync(join(root, '.netlify', 'test-functions-bundle-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The plugin's utils, recording what it asked of the build. */
function buildUtils() {
  const failures: string[] = [];
  const fail = (message: string, options?: { error?: unknown }) => void failures.push(options?.error ? `${message} ${String(options.error)}` : message);
  return { failures, utils: { build: { failBuild: fail } } };
}

describe('the functions-bundle build plugin', () => {
  it('bundles exactly the functions the local server serves, by the same names', () => {
    const source = join(root, 'netlify/functions');
    expect(Object.keys(functionEntries(source))).toEqual(findFunctionFiles(source).map((entry) => entry.name));
  });

  it('fails the build, writing nothing, when the functions directory is the sources folder', async () => {
    const source = folder();
    writeFileSync(join(source, 'hello.ts'), 'export default () => new Response("hi");\n');
    const { failures, utils } = buildUtils();
    await onBuild({ constants: { FUNCTIONS_SRC: source }, inputs: { source }, utils });
    expect(failures).toEqual([expect.stringContaining("must be the bundles' folder")]);
    expect(readdirSync(source)).toEqual(['hello.ts']);
  });

  it('fails the build, naming the folder and esbuild’s error, when a function does not bundle', async () => {
    const source = folder();
    writeFileSync(join(source, 'broken.ts'), "import { missing } from './not-there.ts';\nexport default () => new Response(missing);\n");
    const { failures, utils } = buildUtils();
    await onBuild({ constants: { FUNCTIONS_SRC: join(folder(), 'bundled') }, inputs: { source }, utils });
    expect(failures).toEqual([expect.stringMatching(/^Bundling the functions of .+ failed\. .*not-there\.ts/s)]);
  });

  it('writes one module per function with drizzle-orm inside, other packages imported, and replaces what an earlier build left', async () => {
    const source = folder();
    const destination = join(folder(), 'bundled');
    writeFileSync(
      join(source, 'hello.ts'),
      [
        "import { sql } from 'drizzle-orm';",
        "import { z } from 'zod';",
        "export default () => new Response(z.string().parse(sql`select 1`.queryChunks.length > 0 ? 'hi' : 'no'));",
        "export const config = { path: '/api/hello' };",
        '',
      ].join('\n'),
    );
    const { failures, utils } = buildUtils();
    await onBuild({ constants: { FUNCTIONS_SRC: destination }, inputs: { source }, utils });
    writeFileSync(join(destination, 'stale.mjs'), '');
    await onBuild({ constants: { FUNCTIONS_SRC: destination }, inputs: { source }, utils });
    expect(failures).toEqual([]);
    expect(readdirSync(destination)).toEqual(['hello.mjs']);
    const bundled = readFileSync(join(destination, 'hello.mjs'), 'utf8');
    // drizzle-orm is inside the module; zod stays an import, for Netlify's bundler to trace.
    expect(bundled).not.toMatch(/(from\s*|import\()["']drizzle-orm/);
    expect(bundled).toMatch(/from\s*["']zod["']/);
    const { default: handler, config } = (await import(join(destination, 'hello.mjs'))) as { default: () => Response; config: unknown };
    expect(config).toEqual({ path: '/api/hello' });
    expect(await handler().text()).toBe('hi');
  });
});
