import { describe, expect, it } from 'vitest';
import { bundlerAllocatorEnv } from '../../src/server/local/bundler-allocator.ts';

describe("the build's bundler allocator settings", () => {
  it('commits on use and returns freed pages at once', () => {
    expect(bundlerAllocatorEnv({})).toEqual({ MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_RESERVE: '16MiB' });
  });

  it('leaves a value the environment sets to the environment', () => {
    expect(bundlerAllocatorEnv({ MIMALLOC_PURGE_DELAY: '10', MIMALLOC_ARENA_RESERVE: '1GiB' })).toEqual({ MIMALLOC_ARENA_EAGER_COMMIT: '0' });
  });
});
