/**
 * CPU time of a child process on Linux: its user and system time with its threads, and that of its children it has
 * waited for (utime, stime, cutime, cstime in /proc/{pid}/stat), read a few times a second; the last reading before
 * it exits is the figure (at most one interval short). Elsewhere it reports nothing rather than a wrong figure.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, may hold spaces): state is the 3rd field, utime the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return ((utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0)) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export function sampleCpuTime(pid: number, intervalMs = 200): { stop(): number | undefined } {
  if (process.platform !== 'linux') return { stop: () => undefined };
  let last: number | undefined;
  const read = () => {
    last = cpuSecondsOf(pid) ?? last;
  };
  const timer = setInterval(read, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return last;
    },
  };
}
