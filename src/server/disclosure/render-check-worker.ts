/** A worker thread of render-check.ts: checks each batch of rendered pages and posts back what it found. */
import { parentPort } from 'node:worker_threads';
import { checkPageHtml } from '../../domain/disclosure/page-check.ts';
import type { WorkerAnswer, WorkerBatch } from './render-check.ts';

const decoder = new TextDecoder();

parentPort?.on('message', ({ pages, siteOrigin }: WorkerBatch) => {
  const answer: WorkerAnswer = { pages: pages.length, affiliateLinks: 0, violations: [] };
  for (const { page, html } of pages) {
    const result = checkPageHtml(typeof html === 'string' ? html : decoder.decode(html), { siteOrigin });
    answer.affiliateLinks += result.affiliateLinks;
    for (const violation of result.violations) answer.violations.push({ page, ...violation });
  }
  parentPort?.postMessage(answer);
});
