/**
 * Reloads a page once when code it loads late is gone after a deploy (the rules: src/domain/chunk-recovery.ts).
 * The failures surface three ways:
 * - an island's component or renderer: Astro's <astro-island> retries the import once after a second, then
 *   dispatches `astro:hydration-error` (bubbling) with the error in its detail;
 * - an import() in a module script or an island (the mobile menu's drawer, the toaster, the admin sections): Vite's
 *   preload helper dispatches `vite:preloadError` on window with the error as `payload`, and the caller still gets
 *   the rejection (the event is not cancelled);
 * - any other import() left unhandled: `unhandledrejection`.
 *
 * Before reloading it asks the server for the page itself: a reload while offline, or of a page the new build no
 * longer has, would swap what the shopper is reading for an error page. The reload keeps the URL (the catalogue's
 * query lives there) and the browser restores the scroll position. When the page cannot be recovered, <html> gets
 * `gaveUpAttribute`, and the controls that need scripts give way to what readers without JavaScript get
 * (ChunkRecovery.astro's style).
 *
 * It runs as an inline script in <head> (ChunkRecovery.astro), before any island or module script, so it imports
 * only the pure rules, which chunk-recovery-script.ts bundles into it.
 */
import { isMissingChunk, mayReload, readReloadRecord, reloadRecovers, type PageAnswer } from '../domain/chunk-recovery.ts';

export interface ChunkRecoveryConfig {
  /** sessionStorage key of a path's last reload, before the path. */
  storagePrefix: string;
  /** Set on <html> when the page keeps its missing code missing. */
  gaveUpAttribute: string;
}

export const CHUNK_RECOVERY: ChunkRecoveryConfig = {
  storagePrefix: 'repwell-chunk-reload:',
  gaveUpAttribute: 'data-code-missing',
};

export function installChunkRecovery(config: ChunkRecoveryConfig): void {
  let handled = false;
  const key = () => config.storagePrefix + location.pathname;
  const giveUp = () => document.documentElement.setAttribute(config.gaveUpAttribute, '');

  function reload(): void {
    try {
      sessionStorage.setItem(key(), String(Date.now()));
    } catch {
      // Without a record the next page could not tell it had reloaded: no reload then.
      giveUp();
      return;
    }
    location.reload();
  }

  function recover(error: unknown): void {
    if (handled || !isMissingChunk(error)) return;
    handled = true;
    let lastReload: number | null | undefined;
    try {
      lastReload = readReloadRecord(sessionStorage.getItem(key()));
    } catch {
      lastReload = undefined;
    }
    if (!mayReload(lastReload, Date.now())) {
      giveUp();
      return;
    }
    fetch(location.href, { method: 'HEAD', cache: 'no-store' })
      .then((answer): PageAnswer => ({ kind: 'status', status: answer.status }), (): PageAnswer => ({ kind: 'unreachable' }))
      .then((answer) => (reloadRecovers(answer) ? reload() : giveUp()));
  }

  addEventListener('vite:preloadError', (event) => recover((event as Event & { payload?: unknown }).payload));
  addEventListener('unhandledrejection', (event) => recover(event.reason));
  document.addEventListener('astro:hydration-error', (event) => recover((event as CustomEvent<{ error?: unknown } | null>).detail?.error), true);
}
