/**
 * Pages that name their inputs, so a partial build renders them only when those changed (ARCHITECTURE section 13).
 *
 * A page declares, before it renders anything, everything its HTML is made of besides the code and what every page
 * shows (a change to either makes a full build: publish-plan.ts), as one value: for a catalogue page, its view,
 * the categories and counts it draws and the data version its island loads. The digest of that value is recorded
 * for every page a build renders and kept in the build's publish state. When the renderer kept from the last build
 * renders the page again (kept-render.ts) and the digest is the same, the page answers `204` with UNCHANGED_HEADER
 * instead of rendering, and the last build's file stays. The equivalence test
 * (tests/integration/partial-build-equivalence.test.ts) holds every declaration to the full build: an input left
 * out shows as a differing file.
 *
 * The pre-render bundle, the integration and the kept renderer each load this module in their own module graph, so
 * the record is kept on globalThis.
 */
import { createHash } from 'node:crypto';
import { servedPath } from '../../domain/page-path.ts';

export const UNCHANGED_HEADER = 'x-repwell-unchanged';

interface PageInputRecord {
  /** The last build's digests by page path; only while a kept renderer renders. */
  previous?: Readonly<Record<string, string>>;
  /** This build's digests by page path. */
  declared: Map<string, string>;
}

const KEY = Symbol.for('repwell.page-inputs');

function record(): PageInputRecord {
  const holder = globalThis as { [KEY]?: PageInputRecord };
  return (holder[KEY] ??= { declared: new Map() });
}

/**
 * Declares a page's inputs. Returns the answer the page returns instead of rendering when a partial build may keep
 * the last build's file; otherwise nothing, and the page renders.
 */
export function declarePageInputs(url: URL, inputs: unknown): Response | undefined {
  const path = servedPath(url.pathname);
  const digest = createHash('sha256').update(JSON.stringify(inputs)).digest('base64url');
  const { previous, declared } = record();
  declared.set(path, digest);
  if (previous?.[path] === digest) return new Response(null, { status: 204, headers: { [UNCHANGED_HEADER]: '1' } });
  return undefined;
}

/** The kept renderer: from now on, pages whose inputs are these may be kept. */
export function keepUnchangedPages(previous: Readonly<Record<string, string>>): void {
  record().previous = previous;
}

/** The digests the pages rendered in this process declared. */
export function declaredPageInputs(): Record<string, string> {
  return Object.fromEntries(record().declared);
}
