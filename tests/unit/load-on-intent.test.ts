/**
 * Code loaded when someone reaches for a control (src/islands/load-on-intent.ts): every control that needs a module
 * shares one download, a control drawn after it arrived has it at once, and a failed download (a file gone after a
 * deploy) is tried again on the next intent rather than remembered.
 */
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '../../src/islands/load-on-intent.ts';

describe('onDemand', () => {
  it('downloads a module once, however many controls ask, and keeps it for those drawn later', async () => {
    const module = { Dialog: 'the dialog' };
    const importer = vi.fn(() => Promise.resolve(module));
    const code = onDemand(importer);
    expect(code.value).toBeUndefined();
    expect(importer).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect(first).toBe(module);
    expect(second).toBe(module);
    expect(code.value).toBe(module);
    await code.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const module = { Dialog: 'the dialog' };
    const importer = vi.fn<() => Promise<typeof module>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(module);
    const code = onDemand(importer);

    await expect(code.load()).rejects.toThrow('Failed to fetch');
    expect(code.value).toBeUndefined();
    await expect(code.load()).resolves.toBe(module);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
