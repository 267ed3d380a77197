/**
 * The full build against the plain-Astro floor (ARCHITECTURE section 9): the floor (bench/floor, the same N demo
 * products as JSON) and the site (the seeded database) built in one run, interleaved (floor, site, floor, site…), each
 * in its own child process with its own Astro cache, so both meet the same machine load. Figures: each build's wall
 * time (the median over rounds), the ratio site / floor, the site build's peak memory, the HTML written and a product
 * page's weight.
 */
import { spawn } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { writeFloorData } from '../../bench/floor/data.ts';
import { samplePeakMemory, type MemoryPeaks } from './peak-memory.ts';
import { sampleCpuTime } from './cpu-time.ts';
import { median, type Figure } from './report.ts';
import { PRODUCT_PAGE_HTML_BUDGET_KB, productPageWeights } from './product-page-weight.ts';

const KB = 1024;
const MB = KB * KB;

export interface BuildCostOptions {
  productCount: number;
  /** A folder of the bench's own for data, outputs and caches. */
  dir: string;
  /** The seeded database the site builds from. */
  databaseUrl: string;
  projectRoot: string;
  /** Builds of each, interleaved; the figures are medians. */
  rounds: number;
  /** Keep the last site build here (the rest of the bench serves it); removed otherwise. */
  siteOut?: string;
  log: (message: string) => void;
}

export interface TimedBuild {
  ms: number;
  /** CPU seconds of the build process and its threads and children (undefined off Linux). */
  cpuSeconds: number | undefined;
  peak: MemoryPeaks | undefined;
  /** BUILD-SUMMARY / FLOOR-SUMMARY line of the child, parsed. */
  summary: Record<string, number>;
}

/** Runs one build in a child process, timing it and sampling its memory. */
export function timedChild(args: string[], env: Record<string, string>, cwd: string, summaryPrefix: string): Promise<TimedBuild> {
  const started = performance.now();
  const memory = samplePeakMemory();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const cpu = sampleCpuTime(child.pid!);
    let output = '';
    let summary: Record<string, number> = {};
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const line of output.split('\n')) if (line.startsWith(summaryPrefix)) summary = JSON.parse(line.slice(summaryPrefix.length)) as Record<string, number>;
      output = output.slice(-20_000);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('close', (code) => {
      const peak = memory.stop();
      const cpuSeconds = cpu.stop();
      if (code !== 0) reject(new Error(`${args.join(' ')} failed (exit code ${code}):\n${output.slice(-4000)}`));
      else resolvePromise({ ms: performance.now() - started, cpuSeconds, peak, summary });
    });
  });
}

export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

function totalBytes(files: readonly string[]): number {
  return files.reduce((sum, file) => sum + statSync(file).size, 0);
}

export async function measureBuildCost(options: BuildCostOptions): Promise<Figure[]> {
  const { productCount, dir, databaseUrl, projectRoot, rounds, log } = options;
  const data = join(dir, 'floor-products.json');
  writeFloorData(productCount, data);
  const floorRuns: TimedBuild[] = [];
  const siteRuns: TimedBuild[] = [];
  const floorOut = join(dir, 'floor');
  const siteOut = options.siteOut ?? join(dir, 'site-build');
  let floorHtml = 0;
  let siteHtml = 0;
  let sitePages = 0;
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round}/${rounds}: building the plain-Astro floor (${productCount} products)`);
    rmSync(join(dir, 'floor-cache'), { recursive: true, force: true });
    floorRuns.push(
      await timedChild(
        [resolve(projectRoot, 'bench/floor/build.ts'), '--data', data, '--out', floorOut, '--cache-dir', join(dir, 'floor-cache')],
        {},
        projectRoot,
        'FLOOR-SUMMARY ',
      ),
    );
    floorHtml = totalBytes(htmlFiles(floorOut));
    rmSync(floorOut, { recursive: true, force: true });

    log(`round ${round}/${rounds}: building the site (${productCount} products)`);
    rmSync(join(dir, 'site-cache'), { recursive: true, force: true });
    // What `npm run build` runs: astro build, the disclosure check and the article index (builder.ts's worker).
    siteRuns.push(
      await timedChild(
        [resolve(projectRoot, 'src/server/local/build-worker.ts'), '--out', siteOut, '--root', projectRoot, '--cache-dir', join(dir, 'site-cache'), '--quiet'],
        { DATABASE_URL: databaseUrl, ASTRO_OUT_DIR: siteOut },
        projectRoot,
        'BUILD-SUMMARY ',
      ),
    );
    const files = htmlFiles(siteOut);
    siteHtml = totalBytes(files);
    sitePages = files.length;
  }
  // Every product page: the budget holds for the largest, which a sample can miss.
  const weights = productPageWeights(siteOut);
  if (!options.siteOut) rmSync(siteOut, { recursive: true, force: true });

  const floorMs = median(floorRuns.map((run) => run.ms));
  const siteMs = median(siteRuns.map((run) => run.ms));
  const sitePeak = Math.max(...siteRuns.map((run) => run.peak?.total ?? Number.NaN));
  const floorPeak = Math.max(...floorRuns.map((run) => run.peak?.total ?? Number.NaN));
  const memoryBudget = productCount <= 10_000 ? 1.2 * 1024 : 4 * 1024 - 1;
  const floorCpu = median(floorRuns.map((run) => run.cpuSeconds ?? Number.NaN));
  const siteCpu = median(siteRuns.map((run) => run.cpuSeconds ?? Number.NaN));
  const part = (key: string) => median(siteRuns.map((run) => run.summary[key] ?? Number.NaN)) / 1000;
  return [
    { name: `floor build, ${productCount} products (plain Astro, median of ${rounds})`, value: floorMs / 1000, unit: 's' },
    { name: `site build, ${productCount} products, ${sitePages} pages (median of ${rounds})`, value: siteMs / 1000, unit: 's' },
    { name: '  of which astro build', value: part('astroMs'), unit: 's' },
    { name: '  of which disclosure check', value: part('checkMs'), unit: 's' },
    { name: '  of which pagefind index', value: part('indexMs'), unit: 's' },
    { name: 'site build / floor build (wall time)', value: siteMs / floorMs, unit: 'x', budget: 1.5, digits: 2 },
    // On a shared machine the wall time follows the load; the CPU each build used is steadier.
    { name: '  floor build CPU time', value: floorCpu, unit: 's' },
    { name: '  site build CPU time', value: siteCpu, unit: 's' },
    { name: '  site / floor (CPU time)', value: siteCpu / floorCpu, unit: 'x', digits: 2 },
    { name: '  machine load average at the end (1 min)', value: loadavg()[0], unit: '', digits: 1 },
    { name: 'site build peak memory, all processes', value: sitePeak / MB, unit: 'MB', budget: memoryBudget, digits: 0 },
    { name: '  floor build peak memory', value: floorPeak / MB, unit: 'MB', digits: 0 },
    { name: 'site HTML, all pages', value: siteHtml / MB, unit: 'MB', digits: 0 },
    { name: '  floor HTML, all pages', value: floorHtml / MB, unit: 'MB', digits: 0 },
    // The whole file as served, header included (product-page-weight.ts).
    { name: 'product page HTML (median)', value: weights.medianBytes / KB, unit: 'KB', budget: PRODUCT_PAGE_HTML_BUDGET_KB },
    { name: 'product page HTML (largest)', value: weights.maxBytes / KB, unit: 'KB', budget: PRODUCT_PAGE_HTML_BUDGET_KB },
    { name: '  product page HTML outside the header (median)', value: weights.medianOutsideHeaderBytes / KB, unit: 'KB' },
  ];
}
