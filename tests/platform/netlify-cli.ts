/**
 * Netlify's own CLI (the project's pinned netlify-cli devDependency) building and serving a copy of the project, as
 * the platform would: `netlify serve` runs Netlify Build (the `npm run build` of netlify.toml, then Netlify's bundler
 * over netlify/functions, zipped), then serves the publish folder and the zipped bundles, each function called in a
 * fresh worker thread under Lambda's Node options. Offline, with edge functions off (the CLI would download Deno).
 *
 * The copy holds what git would check out (tracked files and untracked ones not ignored), so the build's dist/ and
 * .netlify/ never touch the working tree, where `npm start` may be serving dist; and node_modules as hard links. With a
 * symbolic link to the repository's node_modules instead, the zips Netlify Build made did not carry the packages their
 * functions import (unpacked elsewhere, every function failed on 'zod'): the CLI served them only because its own
 * unpack folder could still reach that node_modules.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');

/** Copies the files git would check out (and untracked ones it does not ignore) into `dest`, and node_modules as hard links. */
export function copyProject(dest: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const target = join(dest, file);
    mkdirSync(dirname(target), { recursive: true });
    try {
      copyFileSync(join(repoRoot, file), target);
    } catch (error) {
      // A file deleted in the working tree but not yet in the index.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // Hard links: seconds for the whole tree, and no byte copied; a copy where the temporary folder is on another disk.
  for (const flags of ['-al', '-a']) {
    const copied = spawnSync('cp', [flags, join(repoRoot, 'node_modules'), join(dest, 'node_modules')], { encoding: 'utf8' });
    if (copied.status === 0) return;
    if (flags === '-a') throw new Error(`cp -a node_modules failed: ${copied.stderr}`);
    rmSync(join(dest, 'node_modules'), { recursive: true, force: true });
  }
}

/**
 * Points the copy's functions-bundle plugin at an empty folder, so its next builds bundle no function. For builds that
 * test the publish folder alone: the bundles of the copy's first build are the ones the suite checks.
 */
export function withoutFunctions(project: string): void {
  const file = join(project, 'netlify.toml');
  const config = readFileSync(file, 'utf8');
  const line = 'source = "netlify/functions"';
  if (!config.includes(line)) throw new Error(`netlify.toml no longer says ${line}: update withoutFunctions`);
  mkdirSync(join(project, 'netlify/no-functions'), { recursive: true });
  writeFileSync(file, config.replace(line, 'source = "netlify/no-functions"'));
}

/** A port no one listens on right now (the CLI needs its URL before it starts: functions only accept SITE_URL as Origin). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface NetlifyServe {
  url: string;
  /** Everything the CLI printed so far (the build's log included). */
  output(): string;
  stop(): Promise<void>;
}

export interface NetlifyServeOptions {
  cwd: string;
  port: number;
  /** Added to this process's environment (DATABASE_URL, SITE_URL, …). */
  env: Record<string, string>;
  /** How long the build and start may take. */
  timeoutMs: number;
  /** Where the CLI's output is written as it comes (the build's log, each function call, its errors). */
  logFile: string;
}

/** Starts `netlify serve` and resolves once it answers; rejects with its output if it exits or times out first. */
export async function startNetlifyServe({ cwd, port, env, timeoutMs, logFile }: NetlifyServeOptions): Promise<NetlifyServe> {
  const { child, output } = spawnCli(['serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)], {
    cwd,
    env: { ...env, BROWSER: 'none' },
    logFile,
    // Its own process group, so stop() ends the build's and the static server's processes with it.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Should this process end without stop() (an interrupted run), the CLI's group goes with it.
  const orphaned = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));
  const url = `http://localhost:${port}`;
  const served: NetlifyServe = { url, output, stop: () => stopGroup(child, exited) };

  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone) {
    if (Date.now() > deadline) {
      await served.stop();
      throw new Error(`netlify serve did not answer within ${timeoutMs / 1000} s:\n${tail(output())}`);
    }
    // The proxy listens only once the build is done and the functions are loaded.
    const answered = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => (await response.arrayBuffer(), response.status === 200),
      () => false,
    );
    if (answered) return served;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`netlify serve exited with ${await exited} before it answered:\n${tail(output())}`);
}

async function stopGroup(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const forced = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(forced);
  // The CLI's children (the static server, function workers) may outlive it for a moment: end the group for good.
  signal('SIGKILL');
}

function tail(text: string, lines = 60): string {
  return text.split('\n').slice(-lines).join('\n');
}

/** Runs `netlify build --offline` (Netlify Build: the build command, the plugins, the bundler) to the end. */
export async function runNetlifyBuild({ cwd, env, timeoutMs, logFile }: Omit<NetlifyServeOptions, 'port'>): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnCli(['build', '--offline'], { cwd, env, logFile, timeoutMs });
  const code = await new Promise<number | null>((resolve) => child.once('close', (exit) => resolve(exit)));
  return { code, output: output() };
}

/** Starts the pinned netlify-cli with `args`; everything it prints is kept (output()) and written to `logFile` as it comes. */
function spawnCli(
  args: string[],
  options: { cwd: string; env: Record<string, string>; logFile: string; detached?: boolean; timeoutMs?: number },
): { child: ChildProcess & { stdout: NodeJS.ReadableStream; stderr: NodeJS.ReadableStream }; output: () => string } {
  // The pinned Node first: the build command (npm run build) and the CLI itself run on it; netlify-cli needs Node 22+.
  const path = [dirname(process.execPath), join(repoRoot, 'node_modules/.bin'), process.env.PATH].join(':');
  const child = spawn(join(repoRoot, 'node_modules/.bin/netlify'), args, {
    cwd: options.cwd,
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, PATH: path, NETLIFY_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    timeout: options.timeoutMs,
  });
  let log = '';
  mkdirSync(dirname(options.logFile), { recursive: true });
  const file = createWriteStream(options.logFile);
  const keep = (chunk: string) => {
    log += chunk;
    file.write(chunk);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  child.once('close', () => file.end());
  return { child, output: () => log };
}
