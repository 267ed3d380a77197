/**
 * The functions as Netlify deploys them: bundled by Netlify's own bundler (zip-it-and-ship-it, the library inside
 * `netlify build`) with the settings netlify.toml gives, and run the way AWS Lambda runs them.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import { parse } from 'smol-toml';
import { bundleFunctionSources } from '../../netlify/plugins/functions-bundle/bundle.js';

export const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The Node options Lambda adds on its Node.js runtimes: it turns off the experimental features upstream Node enables
 * by default, require() of ES modules (--no-experimental-require-module) and the detection of ES module syntax
 * (--no-experimental-detect-module). "Building Lambda functions with Node.js", the table of experimental features
 * Lambda disables: https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html
 */
export const LAMBDA_NODE_OPTIONS = ['--no-experimental-require-module', '--no-experimental-detect-module'];

const MB = 1024 * 1024;

/**
 * The most a function's zip may weigh: 2 MB (cold starts stay short), but the upload 12 MB. It re-encodes images with
 * sharp, whose native libvips (linux-x64, glibc, as on Lambda) is 19 MB unzipped, 9 MB zipped; it runs only when an
 * admin uploads an image, so its slower cold start costs no visitor anything, and a WASM encoder set for all four
 * formats would not be much smaller (AVIF's alone is several MB). Netlify's own limit is 50 MB a zip.
 */
export function zipBudget(functionName: string): number {
  return functionName === 'admin-media-upload' ? 12 * MB : 2 * MB;
}

/**
 * The mean zip of the functions held to 2 MB each: 1 MB. What every function carries alike (Netlify's bootstrap, the
 * database client, drizzle, the shared server code) is what this holds down. A total would grow with each new
 * function although nothing got heavier: Netlify has no limit on a site's functions together, and a deploy uploads
 * only the zips that changed.
 */
export const MEAN_ZIP_BUDGET = 1 * MB;

/** The mean bytes of the zips held to 2 MB each; a function with a budget of its own is left out. */
export function meanZipBytes(zips: { name: string; bytes: number }[]): number {
  const held = zips.filter((zip) => zipBudget(zip.name) === 2 * MB);
  return held.reduce((sum, zip) => sum + zip.bytes, 0) / held.length;
}

interface FunctionsSection {
  directory?: string;
  node_bundler?: string;
  included_files?: string[];
  external_node_modules?: string[];
}

interface PluginSection {
  package: string;
  inputs?: Record<string, string>;
}

/** The build plugin that bundles the functions' sources into [functions] directory before Netlify's bundler runs. */
const FUNCTIONS_BUNDLE_PLUGIN = './netlify/plugins/functions-bundle';

/**
 * netlify.toml's [functions] section as zip-it-and-ship-it's config (what `netlify build` hands it), with the folder of
 * the functions' sources the functions-bundle plugin bundles into that section's directory.
 */
export function netlifyFunctionsConfig(root = repoRoot): { source: string; directory: string; config: Record<string, Record<string, unknown>> } {
  const toml = parse(readFileSync(join(root, 'netlify.toml'), 'utf8')) as { functions?: FunctionsSection; plugins?: PluginSection[] };
  const section = toml.functions ?? {};
  const plugin = toml.plugins?.find((entry) => entry.package === FUNCTIONS_BUNDLE_PLUGIN);
  return {
    source: join(root, plugin?.inputs?.source ?? 'netlify/functions'),
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

export interface Bundle {
  name: string;
  /** 2 for a v2 function (a default export taking a Request), as the bundler read it. */
  runtimeAPIVersion: number | undefined;
  /** The paths its config routes to it, as the bundler read them. */
  routes: string[] | undefined;
  /** What else the bundler read from its config: per route, the methods it takes ([] for all); the paths left out. */
  methods: string[][];
  excludedRoutes: string[];
  schedule: string | undefined;
  /** 'background' for a Background Function. */
  invocationMode: string | undefined;
  /** The zip file Netlify uploads, and its size. */
  zipFile: string;
  zipBytes: number;
  /** The zip unpacked, as Lambda unpacks it. */
  folder: string;
}

/**
 * Bundles every function into outDir as the zip files Netlify uploads: the functions-bundle plugin's bundles first,
 * then Netlify's bundler over them, as `netlify build` runs them. The plugin's bundles are written inside the project
 * (as into [functions] directory there), so the tracer finds the packages they leave external.
 */
export async function bundleFunctions(outDir: string): Promise<Bundle[]> {
  const { source, config } = netlifyFunctionsConfig();
  mkdirSync(join(repoRoot, '.netlify'), { recursive: true });
  const bundled = mkdtempSync(join(repoRoot, '.netlify', 'functions-bundled-'));
  try {
    await bundleFunctionSources({ source, destination: bundled });
    const results = await zipFunctions([bundled], join(outDir, 'zips'), { archiveFormat: 'zip', basePath: repoRoot, repositoryRoot: repoRoot, config });
    return results.map((result) => unpacked(outDir, result));
  } finally {
    rmSync(bundled, { recursive: true, force: true });
  }
}

/**
 * The bundles `netlify build` made, from the manifest it writes beside the zip files (`.netlify/functions`), each
 * unpacked into outDir: the very files a deploy uploads.
 */
export function builtBundles(functionsDist: string, outDir: string): Bundle[] {
  const manifest = JSON.parse(readFileSync(join(functionsDist, 'manifest.json'), 'utf8')) as {
    functions: (Pick<FunctionResult, 'name' | 'path' | 'routes' | 'excludedRoutes' | 'schedule' | 'invocationMode'> & { buildData?: { runtimeAPIVersion?: number } })[];
  };
  return manifest.functions.map((entry) => unpacked(outDir, { ...entry, runtimeAPIVersion: entry.buildData?.runtimeAPIVersion }));
}

type BundlerResult = Pick<FunctionResult, 'name' | 'path' | 'runtimeAPIVersion' | 'routes' | 'excludedRoutes' | 'schedule' | 'invocationMode'>;

function unpacked(outDir: string, result: BundlerResult): Bundle {
  const folder = join(outDir, 'unpacked', result.name);
  extractZip(result.path, folder);
  return {
    name: result.name,
    runtimeAPIVersion: result.runtimeAPIVersion,
    // The manifest leaves out a function's routes when it has none; the bundler's result says [].
    routes: (result.routes ?? []).map((route) => route.pattern),
    methods: (result.routes ?? []).map((route) => route.methods ?? []),
    excludedRoutes: (result.excludedRoutes ?? []).map((route) => route.pattern),
    schedule: result.schedule,
    invocationMode: result.invocationMode,
    zipFile: result.path,
    zipBytes: statSync(result.path).size,
    folder,
  };
}

/** The module Netlify's entry point hands to Lambda (`getLambdaHandler('./netlify/functions/x.mjs')`). */
export function handlerFile(bundle: Bundle): string {
  const entryPoint = readFileSync(join(bundle.folder, '___netlify-entry-point.mjs'), 'utf8');
  const handlerPath = /getLambdaHandler\('([^']+)'\)/.exec(entryPoint)?.[1];
  if (!handlerPath) throw new Error(`${bundle.name}: no handler in its entry point`);
  return join(bundle.folder, handlerPath);
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** The entries of a zip file's central directory (what zip-it-and-ship-it writes: no ZIP64, which a bundle under 4 GB never needs). */
function zipEntries(zip: Buffer, zipFile: string): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${zipFile} is not a zip file`);
  const entries: ZipEntry[] = [];
  let offset = zip.readUInt32LE(end + 16);
  for (let index = zip.readUInt16LE(end + 10); index > 0; index--) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${zipFile}: bad central directory entry at ${offset}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    entries.push({
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      localHeader: zip.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The names of the files in a zip. */
export function zipListing(zipFile: string): string[] {
  return zipEntries(readFileSync(zipFile), zipFile).map((entry) => entry.name);
}

/**
 * Unpacks a function's zip file as Lambda would, to load it here: the entries of its central directory, stored or
 * deflated.
 */
export function extractZip(zipFile: string, destination: string): void {
  const zip = readFileSync(zipFile);
  for (const entry of zipEntries(zip, zipFile)) {
    if (entry.name.endsWith('/')) continue;
    const dataStart = entry.localHeader + 30 + zip.readUInt16LE(entry.localHeader + 26) + zip.readUInt16LE(entry.localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + entry.compressedSize);
    const target = join(destination, entry.name);
    if (!target.startsWith(destination + sep)) throw new Error(`${zipFile}: ${entry.name} leaves the folder`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, entry.method === 8 ? inflateRawSync(data) : data);
  }
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
