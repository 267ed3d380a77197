/** The failures of add by link, shared by its Amazon path and its scrape path (from-link.ts, from-amazon.ts). */
import { fromLinkTexts, type ExistingProduct } from '../../domain/admin/from-link.ts';

/** What an admin is told when the database refused a write: no driver internals, only that it can be retried. */
export const SAVE_FAILED = 'The database could not save it. Try again.';

/** A step that failed, answered `{ error: { title: 'Error processing affiliate link', description } }`. */
export class FromLinkError extends Error {
  readonly status: 422 | 429 | 500;
  readonly title = fromLinkTexts.failedTitle;
  readonly description: string;
  /** For 429: how long Amazon asked the site to wait. */
  readonly retryAfterMs: number | null;

  constructor(status: 422 | 429 | 500, description: string, options?: { cause?: unknown; retryAfterMs?: number | null }) {
    super(description, options);
    this.status = status;
    this.description = description;
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }
}

/** The pasted link is already in the catalogue: answered 409 with the product that has it (nothing stored, nothing fetched). */
export class DuplicateLinkError extends Error {
  readonly existing: ExistingProduct;

  constructor(existing: ExistingProduct) {
    super(`The link is already in the catalogue as product ${existing.id}.`);
    this.existing = existing;
  }
}

