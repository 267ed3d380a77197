/**
 * The catalogue island's parts (src/islands/catalogue/view-parts.ts): a part the page's entry hands over is there at
 * once and never downloaded again; a part the page did not bring is downloaded once, when a view is computed.
 */
import { describe, expect, it, vi } from 'vitest';
import { viewPart } from '../../src/islands/catalogue/view-parts.ts';

describe('viewPart', () => {
  it('is there at once when the page brought it, and load() answers with it without downloading', async () => {
    const withPage = { ListView: 'the list view' };
    const importer = vi.fn(() => Promise.resolve({ ListView: 'downloaded' }));
    const part = viewPart(importer);
    part.withPage(withPage);
    expect(part.value).toBe(withPage);
    await expect(part.load()).resolves.toBe(withPage);
    expect(importer).not.toHaveBeenCalled();
  });

  it('is downloaded once, on the first load(), when the page did not bring it', async () => {
    const downloaded = { ProductGrid: 'the grid' };
    const importer = vi.fn(() => Promise.resolve(downloaded));
    const part = viewPart(importer);
    expect(part.value).toBeUndefined();
    const [first, second] = await Promise.all([part.load(), part.load()]);
    expect(first).toBe(downloaded);
    expect(second).toBe(downloaded);
    expect(part.value).toBe(downloaded);
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
