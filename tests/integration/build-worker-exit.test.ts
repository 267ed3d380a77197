/**
 * A build's worker process that has printed its outcome is done, whether or not it manages to exit (builder.ts,
 * EXIT_GRACE_MS: Node can deadlock on the way out). The worker here is a real process that reports and then either
 * exits or never does.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildError, runWorker } from '../../src/server/local/builder.ts';
import type { Logger } from '../../src/server/local/logger.ts';

const worker = join(import.meta.dirname, '../fixtures/reporting-worker.ts');

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => {}, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
}

const run = (outcome: 'summary' | 'refusal', ending: 'exit' | 'hang', logger: Logger) =>
  runWorker(worker, [outcome, ending], { logger, exitGraceMs: 500 }, 'TEST-SUMMARY ');

describe("a build worker's outcome", () => {
  it('is its summary when it exits', async () => {
    const logger = recordingLogger();
    expect((await run('summary', 'exit', logger)).summary).toEqual({ pages: 3 });
    expect(logger.warnings).toEqual([]);
  });

  it('is its summary when it reports and then never exits: it is stopped after the grace period', async () => {
    const logger = recordingLogger();
    expect((await run('summary', 'hang', logger)).summary).toEqual({ pages: 3 });
    expect(logger.warnings).toEqual([expect.stringContaining('had reported its outcome but had not exited after 500 ms')]);
  });

  it('is the refusal it printed, whether it exits or not', async () => {
    for (const ending of ['exit', 'hang'] as const) {
      const failed = await run('refusal', ending, recordingLogger()).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed, ending).toBeInstanceOf(BuildError);
      expect((failed as BuildError).message, ending).toBe(
        `The build ${ending === 'exit' ? 'failed (exit code 1)' : 'failed'}: The affiliate disclosure check failed on /blog/a-post.`,
      );
    }
  });
});
