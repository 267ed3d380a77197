/**
 * Builds of one project take turns at Astro's content sync (src/integrations/content-sync-lock.ts): a second build's
 * sync waits from its config's end until the first build starts, and a build that started holds nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentSyncLock, contentSyncLockPath } from '../../src/integrations/content-sync-lock.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'repwell-sync-lock-'));
  logged.length = 0;
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const logged: string[] = [];
const logger = { info: (message: string) => logged.push(message) } as unknown as AstroIntegrationLogger;

/** Runs the hook as Astro does, with only what the integration reads. */
async function run(integration: AstroIntegration, hook: 'astro:config:done' | 'astro:build:start'): Promise<void> {
  const call = integration.hooks[hook] as ((options: unknown) => Promise<void> | void) | undefined;
  await call?.({ logger });
}

describe('the content sync lock', () => {
  it('holds a second build at its sync until the first build starts, then lets it through', async () => {
    const first = contentSyncLock(root);
    const second = contentSyncLock(root);
    await run(first, 'astro:config:done');
    expect(existsSync(contentSyncLockPath(root))).toBe(true);

    let secondSyncing = false;
    const secondConfigDone = run(second, 'astro:config:done').then(() => (secondSyncing = true));
    // It says it waits once it found the lock held, and it is still waiting then.
    await vi.waitFor(() => expect(logged.some((message) => message.startsWith('Waiting for another build of this project'))).toBe(true));
    expect(secondSyncing).toBe(false);

    await run(first, 'astro:build:start');
    await secondConfigDone;
    expect(secondSyncing).toBe(true);

    await run(second, 'astro:build:start');
    expect(existsSync(contentSyncLockPath(root))).toBe(false);
  });

  it('leaves no listener behind once the build started', async () => {
    const integration = contentSyncLock(root);
    const before = process.listenerCount('exit');
    await run(integration, 'astro:config:done');
    expect(process.listenerCount('exit')).toBe(before + 1);
    await run(integration, 'astro:build:start');
    expect(process.listenerCount('exit')).toBe(before);
  });
});
