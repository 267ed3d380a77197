/**
 * A catalogue page that outlives its build. Every deploy replaces every file at once, so once a newer build is
 * published the data files an open page names answer 404. The page then reads the current build's manifest
 * (CURRENT_MANIFEST_URL), loads that build's data and answers the shopper's query with it; what it cannot recover
 * from, it says, and never shows the list it had under the shopper's new filters.
 *
 * These are the decisions; the island does the fetching (src/islands/catalogue/).
 */
import { readManifestFile, type CatalogueManifest } from './data-format.ts';

/** Reads of the manifest, across builds, before the page gives up (until a view is shown again). */
export const MAX_MANIFEST_READS = 4;
/** The wait before reading the manifest again; it doubles with each read (0.5, 1 and 2 s). */
export const FIRST_RETRY_MS = 500;

/** What reading the manifest gave: its body, or no usable answer (a network failure, a status other than 200). */
export type ManifestAnswer = { kind: 'body'; body: unknown } | { kind: 'unreachable' };

export type RecoveryStep =
  /** Another build is current: take its manifest and load its data. */
  | { kind: 'switch'; manifest: CatalogueManifest }
  /** Read the manifest again after a while. */
  | { kind: 'retry'; afterMs: number }
  /** Only a fresh page can show the catalogue now: say so, with a way to reload. */
  | { kind: 'give-up' };

/**
 * The step after the manifest was read for a page whose files of build `goneVersion` are gone. `read` counts the
 * reads before this one (0 for the first).
 *
 * A manifest that names the gone build itself is a cache that has not caught up with the deploy, or a deploy still
 * being spread over the CDN, so it is read again, a few times, before the page gives up. A manifest in another data
 * format than this page's code reads, or a broken one, cannot be used by this page at all.
 */
export function recoveryStep(goneVersion: string, answer: ManifestAnswer, read: number): RecoveryStep {
  if (answer.kind === 'body') {
    const manifest = readManifestFile(answer.body);
    if (manifest === null) return { kind: 'give-up' };
    if (manifest.version !== goneVersion) return { kind: 'switch', manifest };
  }
  return read + 1 < MAX_MANIFEST_READS ? { kind: 'retry', afterMs: FIRST_RETRY_MS * 2 ** read } : { kind: 'give-up' };
}
