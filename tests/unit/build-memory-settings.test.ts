import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bundlerAllocatorEnv } from '../../src/server/local/bundler-allocator.ts';
import { BUILD_HEAP_GROWING_PERCENT, heapGrowingFlag } from '../../src/server/local/heap-growth.ts';

describe("the build's bundler allocator settings", () => {
  it('commits on use and returns freed pages at once', () => {
    expect(bundlerAllocatorEnv({})).toEqual({ MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_RESERVE: '16MiB' });
  });

  it('leaves a value the environment sets to the environment', () => {
    expect(bundlerAllocatorEnv({ MIMALLOC_PURGE_DELAY: '10', MIMALLOC_ARENA_RESERVE: '1GiB' })).toEqual({ MIMALLOC_ARENA_EAGER_COMMIT: '0' });
  });
});

describe("the build's heap growth", () => {
  it('grows the heap by half of what stays live', () => {
    expect(BUILD_HEAP_GROWING_PERCENT).toBe(50);
    expect(heapGrowingFlag()).toBe('--heap-growing-percent=50');
  });

  // setFlagsFromString ignores a flag it does not know, silently; the command line refuses one.
  it("is a flag this Node's V8 knows", () => {
    const run = spawnSync(process.execPath, [heapGrowingFlag(), '-e', '0'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(spawnSync(process.execPath, ['--heap-growing-percentage=50', '-e', '0']).status).not.toBe(0);
  });
});
