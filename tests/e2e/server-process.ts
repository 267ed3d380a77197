/**
 * The local server (`scripts/server.ts`) in a child process of its own, serving a built site folder and every function
 * against the database it is given.
 *
 * A child process, not a second server in the process that asks: server code reads the environment once per process
 * (env.ts, db.ts), so only a process of its own is sure to use the database it was given. It has no rebuild queue and
 * no schedulers: it serves the folder as it stands.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export interface ServerProcess {
  readonly url: string;
  close(): Promise<void>;
}

/** How long the child has to load its functions and listen, on a loaded machine. */
export const START_TIMEOUT_MS = 60_000;

export async function startServerProcess({ site, databaseUrl }: { site: string; databaseUrl: string }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/server.ts', '--dir', site, '--port', String(port), '--host', '127.0.0.1'], {
    cwd: resolve(import.meta.dirname, '../..'),
    // SITE_URL is the only Origin a write may carry: the server's own address.
    env: { ...process.env, DATABASE_URL: databaseUrl, SITE_URL: url, PINTEREST_SCHEDULER: 'off', LINK_HEALTH_SCHEDULER: 'off', PRICE_REFRESH_SCHEDULER: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await listening(child);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}

/** A port nobody listens on now (the child binds it at once; a clash would show as its start-up error). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Settles once the child prints that it serves (scripts/server.ts), or fails with what it printed. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the server process did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const exited = (code: number | null) => {
      clearTimeout(timer);
      fail(new Error(`the server process exited with ${code}:\n${output}`));
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/^Serving .* at http/m.test(output)) return;
      clearTimeout(timer);
      // Listening: what it prints from now on is drained unread, and its exit is close()'s to wait for.
      child.stdout!.off('data', read).resume();
      child.stderr!.off('data', read).resume();
      child.off('exit', exited);
      done();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', exited);
  });
}
