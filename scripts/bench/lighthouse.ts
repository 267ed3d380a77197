/**
 * Lighthouse's mobile preset (its default: a mid-range phone, simulated slow 4G and CPU) on a URL,
 * in the system Chromium with the flags the browser tests use. Several runs, the median score.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../../tests/e2e/chromium.ts';
import { median } from './report.ts';

export interface LighthouseResult {
  performance: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
}

async function runOnce(url: string, chromePath: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...chromiumArgs, '--headless=new'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
}

export async function runLighthouse(url: string, chromePath: string, runs = 3): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) results.push(await runOnce(url, chromePath));
  return {
    performance: median(results.map((result) => result.performance)),
    cls: median(results.map((result) => result.cls)),
    tbtMs: median(results.map((result) => result.tbtMs)),
    lcpMs: median(results.map((result) => result.lcpMs)),
  };
}
