/**
 * The local server, as `npm start` runs it, is a batch workload (Linux's SCHED_BATCH): its threads keep their share of
 * the CPU, but one that wakes up no longer preempts the thread running on that CPU at once; it waits for a free CPU or
 * the running thread's slice to end. That is the policy the kernel documents for a throughput workload whose tasks
 * should not interrupt one another (sched(7)).
 *
 * Why: under a burst of beacons the server's thread, its tracking writer thread, V8's helper threads and any client on
 * the same machine woke one another thousands of times a second, and every wakeup switched a CPU over. Measured with
 * the track bench on this project's two-core machines, in 14 alternating pairs of runs: CPU per beacon fell by an
 * eighth for the server's thread and by a quarter for the load generator, throughput rose from about 5,900 to 6,900
 * beacons a second, and the p95 was lower in 11 pairs (equal in one), by 1.7 ms at the median pair and by 5-7 ms when
 * the machine was at its slowest (docs/decisions.md, the track bench).
 *
 * Nothing is needed for it: any process may put itself in SCHED_BATCH, and threads and processes started later
 * inherit it. Where the policy cannot be set (not Linux, or no `chrt`, which util-linux provides), the server runs
 * as before.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type SchedulingPolicy = 'normal' | 'batch' | 'idle' | 'real-time';

/** Linux's policy numbers (include/uapi/linux/sched.h). */
const POLICIES: Record<number, SchedulingPolicy> = { 0: 'normal', 1: 'real-time', 2: 'real-time', 3: 'batch', 5: 'idle', 6: 'real-time' };

/** How long `chrt` may take before the server starts without it. */
const CHRT_TIMEOUT_MS = 5_000;

/** A process's scheduling policy, from field 41 of /proc/<pid>/stat (proc(5)); undefined where /proc does not say. */
export function schedulingPolicy(pid: number = process.pid): SchedulingPolicy | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses of its own: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return POLICIES[Number(fields[41 - 3])];
}

/**
 * Puts every thread of the process in SCHED_BATCH (`chrt --batch --all-tasks`). Resolves with whether it did; never
 * rejects, since the server works the same without it.
 */
export function scheduleAsBatch(pid: number = process.pid): Promise<boolean> {
  if (process.platform !== 'linux') return Promise.resolve(false);
  return new Promise((resolve) => {
    execFile('chrt', ['--batch', '--all-tasks', '--pid', '0', String(pid)], { timeout: CHRT_TIMEOUT_MS }, (error) =>
      resolve(!error && schedulingPolicy(pid) === 'batch'),
    );
  });
}
