/**
 * The build worker's first import (a module of its own, since imports run before the importing module's code): the
 * bundler's allocator options (bundler-allocator.ts) are in the environment before Astro loads Vite and its native
 * bundler, which reads them once, when it loads. Whatever starts the worker (`npm run build`, the local server's queue,
 * the bench) builds with them.
 */
import { bundlerAllocatorEnv } from './bundler-allocator.ts';

Object.assign(process.env, bundlerAllocatorEnv(process.env));
