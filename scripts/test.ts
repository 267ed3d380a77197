/**
 * `npm test`: every layer (type check and lint, unit, integration, the platform smoke on Netlify's CLI, the browser
 * tests), stage by stage, stopping after the first stage in which one fails, as `a && b && …` would; then, whatever
 * happened, a table of each layer's time, the CPU the machine spent meanwhile and the test counts, so a slow or
 * shrinking layer shows in every run's last lines, and whether it waits on the CPU or on something else.
 *
 * The layers of a stage run side by side: none of them keeps both cores busy alone (type checking and lint, or a suite
 * that waits on builds one at a time), and they share no files, ports or databases. The first layer streams its
 * output; the others' is kept and printed whole when each ends, so no two layers' lines interleave. A layer's CPU
 * column is then the machine's during its run, the other layer's work included.
 *
 * `npm test -- unit integration` runs the layers named, in the same stages.
 *
 * The counts come from each runner's own JSON report (vitest's json reporter, Playwright's json reporter) written
 * beside its usual output, never from parsing what it prints.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';

const REPORTS = '.test-results';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Playwright only: passed on a retry. */
  flaky?: number;
}

interface Layer {
  name: string;
  script: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads the layer's report once it has run. */
  counts?: () => Counts;
}

interface Outcome {
  layer: Layer;
  seconds: number;
  /** CPU seconds the whole machine spent while the layer ran (Linux only). */
  cpuSeconds: number | undefined;
  code: number;
  counts: Counts | undefined;
}

/**
 * The machine's busy CPU time so far, in seconds, from /proc/stat's first line (user, nice, system, irq, softirq,
 * steal; idle and iowait left out). A layer's share of it tells whether the layer waits on the CPU (close to every core
 * busy) or on something else: in CI nothing else runs, so the difference across a layer is the layer's own.
 */
function machineBusySeconds(): number | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ is 100 on Linux
}

/** vitest's json reporter (Jest's shape): numPassedTests, numFailedTests, numPendingTests + numTodoTests. */
function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

/** Playwright's json reporter: stats.expected (passed), unexpected (failed), flaky, skipped. */
function playwrightCounts(file: string): Counts {
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as { stats: Record<string, number> };
  return { passed: stats.expected ?? 0, failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0, flaky: stats.flaky ?? 0 };
}

const vitestLayer = (name: string): Layer => {
  const report = join(REPORTS, `${name}.json`);
  return { name, script: `test:${name}`, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`], counts: () => vitestCounts(report) };
};

const e2eReport = resolve(REPORTS, 'e2e.json');
/**
 * The stages, in order; the layers of one run side by side. The check and unit first, then integration beside the
 * platform layer, then the browser tests. The check is kept out of the integration stage: Astro's sync, which astro
 * check runs too, writes .astro/content-assets.mjs through a temporary file of a fixed name, and a build beside it once
 * failed renaming that file ("ENOENT: rename '.astro/content-assets.mjs.tmp'"). The platform layer builds in a copy of
 * the project, so it shares none of them.
 */
const stages: Layer[][] = [
  [{ name: 'check', script: 'check', args: [] }, vitestLayer('unit')],
  [vitestLayer('integration'), vitestLayer('platform')],
  [{ name: 'e2e', script: 'test:e2e', args: ['--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport }, counts: () => playwrightCounts(e2eReport) }],
];
const layers = stages.flat();

/** Runs a layer; `live` streams its output, otherwise it is printed whole, under a heading, when the layer ends. */
function run(layer: Layer, live: boolean): Promise<number> {
  const extra = layer.args.length > 0 ? ['--', ...layer.args] : [];
  const child = spawn('npm', ['run', layer.script, ...extra], { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...layer.env } });
  const kept: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
  return new Promise((resolve) => {
    const ended = (code: number) => {
      if (!live) process.stdout.write(`\n===== ${layer.name} (ran beside the layer above), its output =====\n${Buffer.concat(kept).toString()}\n===== end of ${layer.name} =====\n`);
      resolve(code);
    };
    child.on('close', (code, signal) => ended(code ?? (signal ? 1 : 0)));
    child.on('error', () => ended(1));
  });
}

async function timed(layer: Layer, live: boolean): Promise<Outcome> {
  const started = performance.now();
  const busyBefore = machineBusySeconds();
  const code = await run(layer, live);
  const busyAfter = machineBusySeconds();
  const cpuSeconds = busyBefore === undefined || busyAfter === undefined ? undefined : busyAfter - busyBefore;
  return { layer, seconds: (performance.now() - started) / 1000, cpuSeconds, code, counts: readCounts(layer) };
}

function readCounts(layer: Layer): Counts | undefined {
  try {
    return layer.counts?.();
  } catch {
    return undefined; // the runner died before writing its report: the table says so
  }
}

const cores = availableParallelism();

/** The whole run's wall time, which is less than the sum of the layers' when some ran side by side. */
function table(outcomes: readonly Outcome[], skipped: readonly Layer[], whole: { seconds: number; cpuSeconds: number | undefined }): string {
  const rows = outcomes.map(({ layer, seconds, cpuSeconds, code, counts }) => {
    const tests = counts
      ? `${counts.passed} passed${counts.failed ? `, ${counts.failed} failed` : ''}${counts.skipped ? `, ${counts.skipped} skipped` : ''}${counts.flaky ? `, ${counts.flaky} flaky` : ''}`
      : layer.counts
        ? 'no report'
        : '';
    return [layer.name, `${seconds.toFixed(1)} s`, cpu(cpuSeconds, seconds), code === 0 ? 'ok' : `failed (${code})`, tests];
  });
  for (const layer of skipped) rows.push([layer.name, '', '', 'not run', '']);
  rows.push(['total', `${whole.seconds.toFixed(1)} s`, cpu(whole.cpuSeconds, whole.seconds), '', `${outcomes.reduce((sum, outcome) => sum + (outcome.counts?.passed ?? 0), 0)} passed`]);
  const widths = [0, 1, 2, 3, 4].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}

/** "812 s cpu, 1.6 of 2 cores": how much of the machine a layer kept busy. */
function cpu(cpuSeconds: number | undefined, seconds: number): string {
  if (cpuSeconds === undefined) return '';
  return `${cpuSeconds.toFixed(0)} s cpu, ${(seconds > 0 ? cpuSeconds / seconds : 0).toFixed(1)} of ${cores} cores`;
}

// `npm test -- unit integration` runs only the layers named.
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !layers.some((layer) => layer.name === name));
if (unknown.length > 0) {
  console.error(`No test layer is called ${unknown.join(', ')}: the layers are ${layers.map((layer) => layer.name).join(', ')}.`);
  process.exit(2);
}
const planned = stages.map((stage) => stage.filter((layer) => chosen.length === 0 || chosen.includes(layer.name))).filter((stage) => stage.length > 0);

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const runStarted = performance.now();
const busyAtStart = machineBusySeconds();
const outcomes: Outcome[] = [];
const whole = () => {
  const busyNow = machineBusySeconds();
  return { seconds: (performance.now() - runStarted) / 1000, cpuSeconds: busyNow === undefined || busyAtStart === undefined ? undefined : busyNow - busyAtStart };
};
let failed = false;
for (const [index, stage] of planned.entries()) {
  outcomes.push(...(await Promise.all(stage.map((layer, position) => timed(layer, position === 0)))));
  if (outcomes.some((outcome) => outcome.code !== 0)) {
    failed = true;
    console.log(`\n${table(outcomes, planned.slice(index + 1).flat(), whole())}`);
    break;
  }
}
if (!failed) console.log(`\n${table(outcomes, [], whole())}`);
process.exitCode = failed ? 1 : 0;
