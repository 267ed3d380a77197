/**
 * The files the local server imports are the ones Netlify deploys: bundle every
 * function in netlify/functions with Netlify's own bundler, then load each bundle
 * in a separate Node process outside the repository, so a missing dependency or
 * an import that only resolves here fails this test rather than a deploy.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFunctionFiles, loadFunctions } from '../../src/server/local/functions.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const functionsDir = join(repoRoot, 'netlify/functions');
const expected = findFunctionFiles(functionsDir).map((entry) => entry.name).sort();

let outDir: string;
let results: FunctionResult[];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'repwell-functions-'));
  results = await zipFunctions([functionsDir], outDir, {
    // Folders instead of zip files, so each bundle can be loaded below; the contents are the same.
    archiveFormat: 'none',
    basePath: repoRoot,
    repositoryRoot: repoRoot,
    config: { '*': { nodeBundler: 'esbuild' } },
  });
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('Netlify bundling', () => {
  it('finds functions to bundle', () => {
    expect(expected).toContain('auth-session');
  });

  it('bundles every function in netlify/functions', () => {
    expect(results.map((result) => result.name).sort()).toEqual(expected);
    for (const result of results) {
      expect(existsSync(result.path), `${result.name} has no output`).toBe(true);
      expect(result.runtimeAPIVersion, `${result.name} is not a v2 function`).toBe(2);
    }
  });

  it('gives Netlify the same routes the local server uses', async () => {
    const local = await loadFunctions(functionsDir);
    for (const route of local) {
      const bundled = results.find((result) => result.name === route.name);
      const patterns = route.patterns.map((pattern) => pattern.pathname);
      expect(bundled?.routes?.map((item) => item.pattern), route.name).toEqual(patterns);
    }
  });

  it('loads every bundle on its own, away from the repository', async () => {
    const entries = results.map((result) => {
      const entryPoint = readFileSync(join(result.path, '___netlify-entry-point.mjs'), 'utf8');
      const handlerPath = /getLambdaHandler\('([^']+)'\)/.exec(entryPoint)?.[1];
      expect(handlerPath, `${result.name} entry point`).toBeTruthy();
      return { name: result.name, file: join(result.path, handlerPath!) };
    });
    const script = `
      const entries = ${JSON.stringify(entries)};
      const report = {};
      for (const { name, file } of entries) {
        try {
          const module = await import(file);
          report[name] = typeof module.default === 'function' ? 'ok' : 'no default export';
        } catch (error) {
          report[name] = String(error && error.message || error);
        }
      }
      console.log(JSON.stringify(report));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: outDir,
      env: { PATH: process.env.PATH, DATABASE_URL: 'file::memory:' },
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, string>;
    expect(report).toEqual(Object.fromEntries(expected.map((name) => [name, 'ok'])));
  });
});
