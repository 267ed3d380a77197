/**
 * Imports flow one way (docs/architecture.md): domain ← db ← server ← functions; islands and
 * browser helpers reach the server only over HTTP. A stray import would drag server code (and
 * secrets read from the environment) into the seed or into a browser bundle, so it fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|astro)$/.test(file))
    .map((file) => join(dir, file));
}

/** Every module specifier a file imports or re-exports, resolved against the repository root when relative. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (match) => (match[1] ?? match[2])!,
  );
  return specifiers.map((specifier) => (specifier.startsWith('.') ? relative(root, resolve(root, file, '..', specifier)) : specifier));
}

function offenders(dir: string, forbidden: (specifier: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) => importsOf(file).filter(forbidden).map((specifier) => `${file} imports ${specifier}`));
}

describe('import layering', () => {
  it('keeps src/domain pure: no database, server, Node or Astro modules', () => {
    expect(offenders('src/domain', (s) => s.startsWith('db/') || s.startsWith('src/server') || s.startsWith('node:') || s.startsWith('astro:'))).toEqual([]);
  });

  it('keeps the database layer and its seed free of server code', () => {
    expect(offenders('db', (s) => s.startsWith('src/server') || s.startsWith('netlify/'))).toEqual([]);
  });

  it('keeps islands and browser helpers off server code and the database', () => {
    const serverSide = (s: string) => s.startsWith('src/server') || s.startsWith('db/') || s.startsWith('node:');
    expect([...offenders('src/islands', serverSide), ...offenders('src/lib', serverSide)]).toEqual([]);
  });
});
