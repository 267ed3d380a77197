/**
 * `npm run check`: the type check (`astro check`, which checks the .ts and .tsx files of the project as well as its
 * .astro files, under the same tsconfig, so a separate `tsc --noEmit` would check everything twice) and the lint
 * (`eslint .`), side by side: each is one busy thread, so on a 2-core machine they take the time of the slower one
 * instead of the sum. Each tool's output is printed whole once it ends, never interleaved.
 */
import { spawn } from 'node:child_process';

interface Tool {
  name: string;
  command: string;
  args: string[];
}

const tools: Tool[] = [
  { name: 'astro check', command: 'astro', args: ['check'] },
  { name: 'eslint', command: 'eslint', args: ['.'] },
];

function run(tool: Tool): Promise<{ tool: Tool; code: number; output: string; seconds: number }> {
  const started = performance.now();
  const child = spawn('npx', ['--no-install', tool.command, ...tool.args], { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const finish = (code: number) => resolve({ tool, code, output, seconds: (performance.now() - started) / 1000 });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      output += `${error.message}\n`;
      finish(1);
    });
  });
}

const results = await Promise.all(tools.map(run));
for (const { tool, code, output, seconds } of results) {
  console.log(`\n── ${tool.name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds.toFixed(1)} s ──`);
  process.stdout.write(output);
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
