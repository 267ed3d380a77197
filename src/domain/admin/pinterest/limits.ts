/**
 * What Pinterest accepts, from its own descriptions:
 *
 * - API v5 reference, POST /v5/pins ("Create Pin", operationId pins/create), request body `PinCreate`:
 *   board_id (digits), board_section_id, title (maxLength 100), description (maxLength 800), link (maxLength 2048),
 *   alt_text (maxLength 500), dominant_color, parent_pin_id, media_source ({ source_type: 'image_url', url } for an
 *   image by address). https://developers.pinterest.com/docs/api/v5/pins-create — read here in Pinterest's published
 *   OpenAPI description, github.com/pinterest/api-description v5/openapi.json (version 5.23.0). That version's
 *   PinCreate has no `note` field, so the pin's idempotency key travels in its link (links.ts).
 * - Lists (GET /v5/boards, GET /v5/boards/{board_id}/pins) page by `bookmark`, `page_size` 1–250 (default 25).
 * - Errors answer `{ code, message }` (schema Error / Pinterest.Lib.Error).
 * - Scopes for boards and pins: boards:read, boards:write, pins:read, pins:write
 *   (https://developers.pinterest.com/docs/work-with-organic-content-and-users/create-boards-and-pins/).
 * - Bulk-create CSV (Pin builder, "Create Pins in bulk"): Pinterest's own help page
 *   (https://help.pinterest.com/en/business/article/bulk-create-pins) could not be read from here; the column names,
 *   the 500-character description, the 100-row file limit and the publish window below follow the guides that quote
 *   its template (pinbuddy.net/blog/pinterest-csv-upload-guide, June 2026), and the rule: "Sources disagree on
 *   the row limit (100 or 200): use Pinterest's own help page if you can read it, else 100".
 */

export const PIN_TITLE_MAX = 100;
/** Through the API (PinCreate.description maxLength). */
export const PIN_DESCRIPTION_MAX = 800;
/** In the bulk-create CSV template. */
export const PIN_CSV_DESCRIPTION_MAX = 500;
export const PIN_LINK_MAX = 2048;
export const PIN_ALT_TEXT_MAX = 500;
export const PIN_IMAGE_URL_MAX = 2048;
export const BOARD_NAME_MAX = 180;

/** Rows per bulk-create CSV file (see the note above on the source). */
export const CSV_ROWS_PER_FILE = 100;
/** How far ahead a bulk-create CSV may schedule a pin: two weeks. */
export const CSV_PUBLISH_WINDOW_DAYS = 14;

/** Page size Pinterest allows on its lists; the client asks for the largest page. */
export const PINTEREST_PAGE_SIZE_MAX = 250;

/** The publisher's default pace; PINTEREST_PINS_PER_HOUR or the settings screen changes it. */
export const DEFAULT_PINS_PER_HOUR = 10;
export const PINS_PER_HOUR_MAX = 100;

/** Retries after a 5xx or a network error, per pin (the first try is not counted). */
export const MAX_RETRIES = 3;

/** Characters left before a limit (negative when over): the counters under the form's fields. */
export function charactersLeft(text: string | null | undefined, limit: number): number {
  return limit - [...(text ?? '')].length;
}

/** Length as Pinterest counts it: code points, so an emoji is one character. */
export function textLength(text: string): number {
  return [...text].length;
}

/** Cuts text to at most `limit` characters (code points) on a word boundary when one is near, ending with '…'. */
export function truncateText(text: string, limit: number): string {
  const chars = [...text];
  if (chars.length <= limit) return text;
  const head = chars.slice(0, limit - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= limit * 0.6 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.-]+$/, '')}…`;
}
