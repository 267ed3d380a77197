/**
 * The local server, as `npm start` runs it, is a batch workload (Linux's SCHED_BATCH): its threads keep their share of
 * the CPU, but one that wakes up does not preempt the thread running on that CPU; it waits for a free CPU or for the
 * end of the running thread's turn. sched(7) offers the policy for workloads "that want a deterministic scheduling policy
 * without interactivity causing extra preemptions (between the workload's tasks)".
 *
 * Why: under a burst of beacons the server's thread, its tracking writer thread and V8's helper threads woke one
 * another thousands of times a second, and each wakeup switched a CPU over; the track bench's p95 and CPU per beacon
 * are lower this way (measured in docs/decisions.md, "The local server is a batch workload").
 *
 * What it costs: a process under the normal policy on the same machine (a browser, a proxy) may preempt the server,
 * and the server no longer preempts it; the site builds the server starts inherit the policy, so a rebuild and the
 * server share the CPU without preempting each other either.
 *
 * Only a process under the normal policy is switched (one an operator started otherwise is left so). Going from the
 * normal policy to the batch one needs no privilege, and threads and processes started later inherit it. Where it
 * cannot be set (not Linux, or no util-linux `chrt`), the server runs as before.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type SchedulingPolicy = 'normal' | 'batch' | 'idle' | 'real-time' | 'deadline' | 'extensible';

/** Linux's policy numbers (include/uapi/linux/sched.h). */
const POLICIES: Record<string, SchedulingPolicy> = { 0: 'normal', 1: 'real-time', 2: 'real-time', 3: 'batch', 5: 'idle', 6: 'deadline', 7: 'extensible' };

/** Field 41 of /proc/<pid>/stat is the policy (proc(5)). */
const POLICY_FIELD = 41;

/** How long `chrt` may take before the server starts without it. */
const CHRT_TIMEOUT_MS = 5_000;

/** A process's (or a thread's) scheduling policy, from /proc; undefined where /proc does not say (not Linux, gone). */
export function schedulingPolicy(pid: number = process.pid): SchedulingPolicy | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses of its own: count from after it,
  // where field 3 begins.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return POLICIES[fields[POLICY_FIELD - 3] ?? ''];
}

/**
 * Puts every thread of a process under the normal policy in SCHED_BATCH (`chrt --batch --all-tasks`). Resolves with
 * the process's policy afterwards (undefined where /proc does not say); never rejects, since the server works the
 * same without it.
 */
export async function scheduleAsBatch(pid: number = process.pid): Promise<SchedulingPolicy | undefined> {
  const current = schedulingPolicy(pid);
  if (process.platform !== 'linux' || current !== 'normal') return current;
  await new Promise<void>((resolve) => {
    // The 0 is the priority: the only one the batch policy takes.
    execFile('chrt', ['--batch', '--all-tasks', '--pid', '0', String(pid)], { timeout: CHRT_TIMEOUT_MS }, () => resolve());
  });
  return schedulingPolicy(pid);
}
