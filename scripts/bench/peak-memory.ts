/**
 * Peak memory of a process tree on Linux: samples the resident set of every descendant of this
 * process (the build worker, pagefind's binary) a few times a second and keeps the largest total.
 * Elsewhere it reports nothing rather than a wrong figure.
 */
import { readdirSync, readFileSync } from 'node:fs';

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Resident bytes of all descendants of `root`: the total and the largest single process. */
function descendantsRss(root: number): { total: number; largest: number } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(`/proc/${entry}/stat`);
    // The command name is in parentheses and may contain spaces; the ppid is the 2nd field after it.
    const after = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (after?.[1]) parents.set(Number(entry), Number(after[1]));
  }
  let total = 0;
  let largest = 0;
  for (const [pid] of parents) {
    let ancestor = parents.get(pid);
    while (ancestor !== undefined && ancestor !== root && ancestor > 1) ancestor = parents.get(ancestor);
    if (ancestor !== root) continue;
    const rss = /VmRSS:\s+(\d+) kB/.exec(readProc(`/proc/${pid}/status`) ?? '');
    if (!rss) continue;
    const bytes = Number(rss[1]) * 1024;
    total += bytes;
    largest = Math.max(largest, bytes);
  }
  return { total, largest };
}

export interface MemoryPeaks {
  /** The most the whole tree held at once (resident sets summed; shared pages count once per process). */
  total: number;
  /** The most one process held. */
  largest: number;
}

export interface PeakMemory {
  stop(): MemoryPeaks | undefined;
}

export function samplePeakMemory(intervalMs = 200): PeakMemory {
  if (process.platform !== 'linux') return { stop: () => undefined };
  const peak: MemoryPeaks = { total: 0, largest: 0 };
  const timer = setInterval(() => {
    const now = descendantsRss(process.pid);
    peak.total = Math.max(peak.total, now.total);
    peak.largest = Math.max(peak.largest, now.largest);
  }, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak.total > 0 ? peak : undefined;
    },
  };
}
