/** A worker thread of site-check.ts: checks its share of the pages and posts the result back. */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFiles } from './check-files.ts';

const { dir, files, siteOrigin } = workerData as { dir: string; files: string[]; siteOrigin?: string };
parentPort?.postMessage(await checkFiles(dir, files, siteOrigin));
