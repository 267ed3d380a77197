/**
 * Which board a pin needs before it can be scheduled or published, and how a bulk answer is shown.
 *
 * Two routes take pins out: the API, which posts to a board by its Pinterest id, and the bulk-create CSV, which names
 * the board. Without PINTEREST_ACCESS_TOKEN only the CSV route exists and the boards cannot be listed, so a board
 * named by text is enough to schedule: the time goes into the CSV's 'Publish date'. With a token the publisher posts
 * by id, so a name alone would only fail at publish time; it is refused when saved instead.
 */
export interface PinBoard {
  boardId?: string | null;
  boardName?: string | null;
}

/** True when the pin names a board the available route can use (an id with a token; an id or a name without). */
export function hasUsableBoard(pin: PinBoard, apiConfigured: boolean): boolean {
  if (pin.boardId) return true;
  return !apiConfigured && Boolean(pin.boardName?.trim());
}

/** A bulk action that changed nothing is a warning, never a green toast ('Pins rescheduled: 0 of 2 pins changed'). */
export function bulkResultVariant(result: { changed: number }): 'success' | 'warning' {
  return result.changed > 0 ? 'success' : 'warning';
}
