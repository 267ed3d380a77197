/**
 * The functions as Netlify deploys them: bundled by Netlify's own bundler (zip-it-and-ship-it, the library inside
 * `netlify build`) with the settings netlify.toml gives, and run the way AWS Lambda runs them.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import { parse } from 'smol-toml';

export const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The Node options Lambda adds on its Node.js runtimes: it turns off the experimental features upstream Node enables
 * by default, require() of ES modules (--no-experimental-require-module) and the detection of ES module syntax
 * (--no-experimental-detect-module). "Building Lambda functions with Node.js", the table of experimental features
 * Lambda disables: https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html
 */
export const LAMBDA_NODE_OPTIONS = ['--no-experimental-require-module', '--no-experimental-detect-module'];

interface FunctionsSection {
  directory?: string;
  node_bundler?: string;
  included_files?: string[];
  external_node_modules?: string[];
}

/** netlify.toml's [functions] section as zip-it-and-ship-it's config (what `netlify build` hands it). */
export function netlifyFunctionsConfig(root = repoRoot): { directory: string; config: Record<string, Record<string, unknown>> } {
  const toml = parse(readFileSync(join(root, 'netlify.toml'), 'utf8')) as { functions?: FunctionsSection };
  const section = toml.functions ?? {};
  return {
    directory: join(root, section.directory ?? 'netlify/functions'),
    config: {
      '*': {
        nodeBundler: section.node_bundler,
        includedFiles: section.included_files ?? [],
        externalNodeModules: section.external_node_modules ?? [],
      },
    },
  };
}

/** Bundles every function into outDir: as zip files (what is uploaded), or as folders to load here. */
export async function bundleFunctions(outDir: string, archiveFormat: 'zip' | 'none'): Promise<FunctionResult[]> {
  const { directory, config } = netlifyFunctionsConfig();
  return zipFunctions([directory], outDir, { archiveFormat, basePath: repoRoot, repositoryRoot: repoRoot, config });
}

/** The module Netlify's entry point hands to Lambda (`getLambdaHandler('./netlify/functions/x.mjs')`). */
export function handlerFile(bundle: FunctionResult): string {
  const entryPoint = readFileSync(join(bundle.path, '___netlify-entry-point.mjs'), 'utf8');
  const handlerPath = /getLambdaHandler\('([^']+)'\)/.exec(entryPoint)?.[1];
  if (!handlerPath) throw new Error(`${bundle.name}: no handler in its entry point`);
  return join(bundle.path, handlerPath);
}

/** Deflated sizes by path in the bundle and size: the bundles share most of their node_modules, file for file. */
const deflatedSizes = new Map<string, number>();

/** Roughly what the folder weighs as a zip file: each file deflated, plus its zip headers. */
export function zippedSize(folder: string): number {
  let total = 22; // end of central directory
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const name = path.slice(folder.length + 1);
    const key = `${name}:${statSync(path).size}`;
    let deflated = deflatedSizes.get(key);
    if (deflated === undefined) deflatedSizes.set(key, (deflated = deflateRawSync(readFileSync(path)).length));
    total += deflated + 30 + 46 + 2 * Buffer.byteLength(name);
  }
  return total;
}

export function folderSize(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

export interface Probe {
  method: string;
  path: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

export interface Invocation {
  status: number;
  contentType: string | null;
  body: string;
  /** Milliseconds from the process's start to the handler's module being loaded, and to the answer read whole. */
  loadedMs: number;
  answeredMs: number;
  stderr: string;
}

const INVOKE_SCRIPT = join(import.meta.dirname, 'lambda-invoke.mjs');

/**
 * Loads one bundle in a fresh Node process with Lambda's options, outside the repository, and answers one request
 * with its handler, as Netlify's runtime would (a Request, and a context with params, ip and waitUntil).
 */
export async function invokeBundle(handler: string, probe: Probe, options: { cwd: string; env: Record<string, string> }): Promise<Invocation> {
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((done, fail) => {
    execFile(
      process.execPath,
      [...LAMBDA_NODE_OPTIONS, INVOKE_SCRIPT, handler, JSON.stringify(probe)],
      { cwd: options.cwd, env: { PATH: process.env.PATH ?? '', ...options.env }, timeout: 60_000 },
      (error, out, err) => (error ? fail(Object.assign(error, { stderr: err, stdout: out })) : done({ stdout: out, stderr: err })),
    );
  });
  const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<Invocation, 'stderr'>;
  return { ...report, stderr };
}
