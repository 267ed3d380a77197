/**
 * CPU time of this process's threads, grouped by what they do, from Linux's /proc/self/task/<tid>/schedstat (time on
 * a CPU, in nanoseconds). process.cpuUsage() sums every thread, which hides where a beacon's cost goes: the server's
 * thread, the tracking writer's thread and V8's helper threads share this machine's cores with the load.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Node and V8 name their threads; these are the ones the track bench reads. V8Worker threads collect garbage and
 * compile for every isolate, the writer thread's too.
 */
const ROLES = { MainThread: 'server', WorkerThread: 'writer', V8Worker: 'v8' } as const;

export type ThreadRole = (typeof ROLES)[keyof typeof ROLES];

/** Nanoseconds on a CPU per thread id, with the thread's role (undefined for threads no figure reads). */
export type ThreadCpu = Map<string, { role: ThreadRole | undefined; nanoseconds: number }>;

/** A snapshot of every thread's CPU time, or undefined where /proc does not tell it (not Linux). */
export function threadCpu(): ThreadCpu | undefined {
  let ids: string[];
  try {
    ids = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  const threads: ThreadCpu = new Map();
  for (const id of ids) {
    try {
      const name = readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
      const nanoseconds = Number(readFileSync(`/proc/self/task/${id}/schedstat`, 'utf8').split(' ', 1)[0]);
      threads.set(id, { role: ROLES[name as keyof typeof ROLES], nanoseconds });
    } catch {
      // A thread that ended between the listing and the read used no time worth counting here.
    }
  }
  return threads;
}

/**
 * CPU time per role between two snapshots, in microseconds. A thread that started in between (the writer starts with
 * the first beacon) counts from zero; one that ended in between is not counted.
 */
export function cpuByRole(before: ThreadCpu, after: ThreadCpu): Record<ThreadRole, number> {
  const totals: Record<ThreadRole, number> = { server: 0, writer: 0, v8: 0 };
  for (const [id, { role, nanoseconds }] of after) {
    if (role === undefined) continue;
    totals[role] += (nanoseconds - (before.get(id)?.nanoseconds ?? 0)) / 1000;
  }
  return totals;
}
