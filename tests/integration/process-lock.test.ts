/**
 * The lock builds of one project take in turn (src/server/local/process-lock.ts), across real processes: never two
 * holders at once, a holder killed with SIGKILL does not block the next, a released lock leaves nothing behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireProcessLock } from '../../src/server/local/process-lock.ts';

const lockModule = resolve(import.meta.dirname, '../../src/server/local/process-lock.ts');

let work: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'repwell-lock-'));
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * A process that takes the lock and then runs `whileHeld` (module code with `lock` and `fs` in scope) before it lets
 * go; it prints "held" once it holds the lock.
 */
function holder(lock: string, whileHeld: string): ChildProcess {
  const script = `
    import * as fs from 'node:fs';
    import { acquireProcessLock } from ${JSON.stringify(lockModule)};
    const lock = ${JSON.stringify(lock)};
    const release = await acquireProcessLock(lock);
    console.log('held');
    ${whileHeld}
    release();
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolvePromise) => child.on('close', (code) => resolvePromise({ code, stderr })));
}

function printed(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes(text)) resolvePromise();
    });
    child.on('close', () => reject(new Error(`the process ended without printing ${text}`)));
  });
}

describe('a process lock', () => {
  it('is held by one process at a time', async () => {
    const lock = join(work, 'turns.lock');
    const inside = join(work, 'inside');
    const turns = join(work, 'turns.log');
    // Each holder marks the lock as taken with a file only one process can create ('wx'), spends a little CPU and
    // removes the mark: a second holder at the same time would find the mark and fail.
    const whileHeld = `
      fs.writeFileSync(${JSON.stringify(inside)}, String(process.pid), { flag: 'wx' });
      const until = Date.now() + 150;
      while (Date.now() < until) Math.sqrt(Math.random());
      fs.appendFileSync(${JSON.stringify(turns)}, process.pid + '\\n');
      fs.rmSync(${JSON.stringify(inside)});
    `;
    const holders = Array.from({ length: 4 }, () => holder(lock, whileHeld));
    const results = await Promise.all(holders.map(exited));
    for (const result of results) expect(result, result.stderr).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(turns, 'utf8').trim().split('\n').map(Number).sort()).toEqual(holders.map((child) => child.pid).sort());
    expect(existsSync(lock)).toBe(false);
    // Nothing left beside it either: no prepared or released folders.
    expect(readdirSync(work).filter((name) => name.startsWith('turns.lock'))).toEqual([]);
  });

  it('waits for a living holder and takes the lock once it was killed with SIGKILL', async () => {
    const lock = join(work, 'killed.lock');
    const child = holder(lock, 'await new Promise(() => setInterval(() => {}, 1000));');
    await printed(child, 'held');

    const waitedFor: (number | undefined)[] = [];
    let taken = false;
    const taking = acquireProcessLock(lock, { onWait: (owner) => waitedFor.push(owner) }).then((release) => {
      taken = true;
      return release;
    });
    await expect.poll(() => waitedFor).toEqual([child.pid]);
    expect(taken).toBe(false);

    child.kill('SIGKILL');
    const release = await taking;
    expect(readFileSync(join(lock, 'owner'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('stops waiting when its signal is aborted', async () => {
    const lock = join(work, 'aborted.lock');
    const child = holder(lock, 'await new Promise(() => setInterval(() => {}, 1000));');
    await printed(child, 'held');
    const controller = new AbortController();
    const waiting = acquireProcessLock(lock, { signal: controller.signal, onWait: () => controller.abort() });
    await expect(waiting).rejects.toThrow(/abort/i);
    // The holder's lock is untouched.
    expect(readFileSync(join(lock, 'owner'), 'utf8')).toBe(String(child.pid));
    child.kill('SIGKILL');
  });
});
