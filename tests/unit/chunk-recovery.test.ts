/**
 * A page built by one deploy keeps working after the next: when code it loads late is gone, it reloads once, and a
 * page whose reload did not help reads as it does without JavaScript instead of reloading again. The rules are pure
 * (src/domain/chunk-recovery.ts); the listeners (src/lib/chunk-recovery.ts) run here against stubbed browser globals.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMissingChunk, mayReload, readReloadRecord, RELOAD_WINDOW_MS, reloadRecovers } from '../../src/domain/chunk-recovery.ts';
import { CHUNK_RECOVERY, installChunkRecovery } from '../../src/lib/chunk-recovery.ts';

describe('what counts as a missing chunk', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://repwell.example/_astro/SaveButton.Be4j-doY.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://repwell.example/_astro/SaveButton.Be4j-doY.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite, for a CSS chunk', new Error('Unable to preload CSS for /_astro/CatalogueApp.x1.css')],
  ])('the error %s gives an import() whose file is gone', (_browser, error) => {
    expect(isMissingChunk(error)).toBe(true);
  });

  it('reads the message of an error from another realm or a plain object', () => {
    expect(isMissingChunk({ message: 'Failed to fetch dynamically imported module: /_astro/x.js' })).toBe(true);
    expect(isMissingChunk('Importing a module script failed.')).toBe(true);
  });

  it.each([
    ['an error thrown by code that did load', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['a failed data request', new TypeError('Failed to fetch')],
    ['Astro refusing an export', new Error('Invalid component export path: default.x')],
    ['nothing', undefined],
    ['null', null],
    ['a number', 404],
    ['an object without a message', { status: 404 }],
  ])('%s is not a missing chunk: a reload would not help', (_what, error) => {
    expect(isMissingChunk(error)).toBe(false);
  });
});

describe('when to reload and when to give up', () => {
  const now = 1_800_000_000_000;

  it('reloads a path this tab has not reloaded for a missing chunk', () => {
    expect(mayReload(null, now)).toBe(true);
  });

  it('gives up when the same path failed again within the window: the reload did not help', () => {
    expect(mayReload(now - 1_000, now)).toBe(false);
    expect(mayReload(now - RELOAD_WINDOW_MS + 1, now)).toBe(false);
  });

  it('reloads again once the window has passed: a later deploy, not the same failure', () => {
    expect(mayReload(now - RELOAD_WINDOW_MS, now)).toBe(true);
  });

  it('counts a record from the future (a clock set back) as recent', () => {
    expect(mayReload(now + 60_000, now)).toBe(false);
  });

  it('gives up when the tab cannot remember a reload, which would otherwise repeat forever', () => {
    expect(mayReload(undefined, now)).toBe(false);
  });

  it('reads what it stored, and treats anything else as no record', () => {
    expect(readReloadRecord(String(now))).toBe(now);
    expect(readReloadRecord(null)).toBeNull();
    expect(readReloadRecord('soon')).toBeNull();
  });

  it('reloads only when the server still serves the page', () => {
    expect(reloadRecovers({ kind: 'status', status: 200 })).toBe(true);
    expect(reloadRecovers({ kind: 'status', status: 204 })).toBe(true);
    // Offline: a reload would show the browser's error page instead of the page being read.
    expect(reloadRecovers({ kind: 'unreachable' })).toBe(false);
    // The new build no longer has the page (a product taken down): keep reading the old one.
    expect(reloadRecovers({ kind: 'status', status: 404 })).toBe(false);
    expect(reloadRecovers({ kind: 'status', status: 503 })).toBe(false);
  });
});

describe('the page script', () => {
  let storage: Map<string, string>;
  let reload: ReturnType<typeof vi.fn>;
  let fetchPage: ReturnType<typeof vi.fn>;
  let root: { attributes: Set<string>; setAttribute: (name: string) => void };
  let win: EventTarget;
  let doc: EventTarget & { documentElement: typeof root };
  const key = `${CHUNK_RECOVERY.storagePrefix}/products`;
  const gone = () => new TypeError('Failed to fetch dynamically imported module: https://repwell.example/_astro/mobile-menu-root.Dd1kFJb8.js');

  function preloadError(error: unknown): void {
    win.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }));
  }
  function hydrationError(error: unknown): void {
    doc.dispatchEvent(new CustomEvent('astro:hydration-error', { detail: { error, componentUrl: '/_astro/SaveButton.js' } }));
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    storage = new Map();
    reload = vi.fn();
    fetchPage = vi.fn(async () => new Response(null, { status: 200 }));
    root = { attributes: new Set(), setAttribute: (name: string) => root.attributes.add(name) };
    win = new EventTarget();
    doc = Object.assign(new EventTarget(), { documentElement: root });
    vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
    vi.stubGlobal('document', doc);
    vi.stubGlobal('location', { pathname: '/products', href: 'https://repwell.example/products?category=recovery', reload });
    vi.stubGlobal('sessionStorage', { getItem: (name: string) => storage.get(name) ?? null, setItem: (name: string, value: string) => storage.set(name, value) });
    vi.stubGlobal('fetch', fetchPage);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reloads once when a lazily imported chunk is gone, after checking the page is still served', async () => {
    installChunkRecovery(CHUNK_RECOVERY);
    preloadError(gone());
    // The same failure also reaches the caller and may go unhandled: one reload, not two.
    win.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: gone() }));
    await settled();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith('https://repwell.example/products?category=recovery', { method: 'HEAD', cache: 'no-store' });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(storage.get(key))).toBeGreaterThan(0);
    expect(root.attributes.size).toBe(0);
  });

  it('reloads when an island cannot load its component', async () => {
    installChunkRecovery(CHUNK_RECOVERY);
    hydrationError(new TypeError('Importing a module script failed.'));
    await settled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('gives up on the reloaded page when the chunk is still missing: no loop', async () => {
    storage.set(key, String(Date.now() - 2_000));
    installChunkRecovery(CHUNK_RECOVERY);
    hydrationError(gone());
    await settled();
    expect(reload).not.toHaveBeenCalled();
    expect(fetchPage).not.toHaveBeenCalled();
    expect(root.attributes).toEqual(new Set([CHUNK_RECOVERY.gaveUpAttribute]));
  });

  it('leaves errors that a reload would not fix alone', async () => {
    installChunkRecovery(CHUNK_RECOVERY);
    hydrationError(new TypeError("Cannot read properties of undefined (reading 'map')"));
    win.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new TypeError('Failed to fetch') }));
    await settled();
    expect(fetchPage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(root.attributes.size).toBe(0);
  });

  it('keeps the page when offline, without its scripts rather than reloaded into an error page', async () => {
    fetchPage.mockRejectedValue(new TypeError('Failed to fetch'));
    installChunkRecovery(CHUNK_RECOVERY);
    preloadError(gone());
    await settled();
    expect(reload).not.toHaveBeenCalled();
    expect(storage.has(key)).toBe(false);
    expect(root.attributes).toEqual(new Set([CHUNK_RECOVERY.gaveUpAttribute]));
  });

  it('gives up when storage is refused, since it could not tell a second failure from the first', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    installChunkRecovery(CHUNK_RECOVERY);
    preloadError(gone());
    await settled();
    expect(reload).not.toHaveBeenCalled();
    expect(root.attributes).toEqual(new Set([CHUNK_RECOVERY.gaveUpAttribute]));
  });
});
