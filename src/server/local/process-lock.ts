/**
 * A lock that processes on one machine take in turn: a folder that exists while one process holds it, holding a file
 * with its owner's process id. It is taken by renaming a prepared folder into place, which only one process can do
 * (rename fails while the folder exists), so the owner is written before anyone can see the lock. An owner that died
 * without letting go (SIGKILL) is noticed by the next process to wait, which removes its lock.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const OWNER_FILE = 'owner';
/** How often a waiting process looks again: the work held under these locks (builds) takes seconds. */
const POLL_MS = 100;
/**
 * Removing a dead owner's lock is itself done under a lock, so two waiters never both remove it (the second would
 * remove the first's new lock). A process holds that one only for a few file operations; one older than this was left
 * by a process that died in between.
 */
const BREAK_LOCK_STALE_MS = 10_000;

export interface ProcessLockOptions {
  /** Called once if the lock is held by another process, before waiting for it. */
  onWait?: (ownerPid: number | undefined) => void;
  signal?: AbortSignal;
}

/** Waits until this process holds the lock at `path`; resolves with the function that lets go of it. */
export async function acquireProcessLock(path: string, options: ProcessLockOptions = {}): Promise<() => void> {
  mkdirSync(dirname(path), { recursive: true });
  let waited = false;
  for (;;) {
    options.signal?.throwIfAborted();
    if (tryTake(path)) return () => release(path);
    const owner = ownerOf(path);
    if (owner !== undefined && !isRunning(owner)) {
      breakDeadLock(path, owner);
      continue;
    }
    if (!waited) {
      waited = true;
      options.onWait?.(owner);
    }
    await sleep(POLL_MS, undefined, { signal: options.signal });
  }
}

function tryTake(path: string): boolean {
  const prepared = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  mkdirSync(prepared);
  writeFileSync(join(prepared, OWNER_FILE), String(process.pid));
  try {
    renameSync(prepared, path);
    return true;
  } catch (error) {
    rmSync(prepared, { recursive: true, force: true });
    // Another process holds the lock (the folder exists and is not empty).
    if (isFsError(error, 'EEXIST') || isFsError(error, 'ENOTEMPTY')) return false;
    throw error;
  }
}

/** Lets go of a lock this process holds: moved aside first, so the path is free at once and never half removed. */
function release(path: string): void {
  if (ownerOf(path) !== process.pid) return;
  const removed = `${path}.released.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(path, removed);
  } catch (error) {
    if (isFsError(error, 'ENOENT')) return;
    throw error;
  }
  rmSync(removed, { recursive: true, force: true });
}

/** The process id in the lock, or undefined when there is no lock (or its owner file cannot be read). */
function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(path, OWNER_FILE), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has the id, so it is running.
    return !isFsError(error, 'ESRCH');
  }
}

/** Removes the lock of `deadOwner`, if it is still that one's once this process alone may remove it. */
function breakDeadLock(path: string, deadOwner: number): void {
  const breaking = `${path}.breaking`;
  try {
    mkdirSync(breaking);
  } catch (error) {
    if (!isFsError(error, 'EEXIST')) throw error;
    if (ageMs(breaking) > BREAK_LOCK_STALE_MS) rmSync(breaking, { recursive: true, force: true });
    return;
  }
  try {
    if (ownerOf(path) !== deadOwner) return;
    const removed = `${path}.dead.${deadOwner}.${Math.random().toString(36).slice(2)}`;
    renameSync(path, removed);
    rmSync(removed, { recursive: true, force: true });
  } finally {
    rmSync(breaking, { recursive: true, force: true });
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function isFsError(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
