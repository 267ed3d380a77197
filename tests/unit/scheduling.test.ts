import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduleAsBatch, schedulingPolicy } from '../../src/server/local/scheduling.ts';

/** A Node process that idles until killed: it has several threads (V8's helpers, libuv's), as the server has. */
async function idleNode(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'process.stdout.write("ready"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout!, 'data');
  return child;
}

const threadsOf = (pid: number) => readdirSync(`/proc/${pid}/task`).map(Number);
const chrt = (...args: string[]) => spawnSync('chrt', args, { stdio: 'ignore' }).status === 0;
/** util-linux's chrt, which every Debian has; where it is missing the server runs as before, and so nothing to test. */
const hasChrt = process.platform === 'linux' && chrt('--version');

describe.skipIf(!hasChrt)('the local server as a batch workload', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  it('reads a new process’s policy from /proc: the one it was started with', async () => {
    const child = await idleNode();
    children.push(child);
    expect(schedulingPolicy(child.pid)).toBe(schedulingPolicy(process.pid));
  });

  it('puts every thread of a process under the normal policy in SCHED_BATCH, not only the first', async () => {
    const child = await idleNode();
    children.push(child);
    expect(chrt('--other', '--all-tasks', '--pid', '0', String(child.pid))).toBe(true);
    const threads = threadsOf(child.pid!);
    expect(threads.length).toBeGreaterThan(1);

    await expect(scheduleAsBatch(child.pid)).resolves.toBe('batch');
    expect(threads.map((thread) => schedulingPolicy(thread))).toEqual(threads.map(() => 'batch'));
  });

  it('leaves a process an operator started under another policy as it is', async () => {
    const child = await idleNode();
    children.push(child);
    expect(chrt('--idle', '--all-tasks', '--pid', '0', String(child.pid))).toBe(true);

    await expect(scheduleAsBatch(child.pid)).resolves.toBe('idle');
    expect(schedulingPolicy(child.pid)).toBe('idle');
  });

  it('never rejects: a process that is gone has no policy to tell', async () => {
    const child = await idleNode();
    child.kill();
    await once(child, 'exit');
    await expect(scheduleAsBatch(child.pid)).resolves.toBeUndefined();
    expect(schedulingPolicy(child.pid)).toBeUndefined();
  });
});
