/**
 * The build worker's first import (a module of its own, since imports run before the importing module's code), so
 * whatever starts the worker (`npm run build`, the local server's queue, the bench) builds with both memory settings:
 *
 * - the bundler's allocator options (bundler-allocator.ts) are in the environment before Astro loads Vite and its
 *   native bundler, which reads them once, when it loads;
 * - V8 grows the heap by half of what stays live (heap-growth.ts), set before the build has allocated much.
 */
import { setFlagsFromString } from 'node:v8';
import { bundlerAllocatorEnv } from './bundler-allocator.ts';
import { heapGrowingFlag } from './heap-growth.ts';

Object.assign(process.env, bundlerAllocatorEnv(process.env));
setFlagsFromString(heapGrowingFlag());
