/**
 * The account's boards for the form's board picker, kept for a minute per process (the list changes rarely, and
 * GET /v5/boards counts against Pinterest's rate limits). A refused token is recorded, so the screen says it must be
 * renewed; a missing one answers 'not configured', never an error.
 */
import type { Database } from '../../../db/client.ts';
import type { BoardsAnswer } from '../../domain/admin/pinterest/api.ts';
import { pinTexts } from '../../domain/admin/pinterest/texts.ts';
import { PinterestError, type PinterestBoard } from './client.ts';
import { markToken, pinterestConnection, type PinterestConnection } from './state.ts';

export const BOARDS_CACHE_MS = 60_000;

let cache: { fingerprint: string; at: number; boards: PinterestBoard[] } | undefined;

export function clearBoardsCache(): void {
  cache = undefined;
}

export async function getBoards(database: Database, connection: PinterestConnection = pinterestConnection(), nowMs = Date.now()): Promise<BoardsAnswer> {
  if (!connection.configured || !connection.client || !connection.fingerprint) return { tokenStatus: 'not_configured', boards: [], message: pinTexts.notConfigured };
  if (cache && cache.fingerprint === connection.fingerprint && nowMs - cache.at < BOARDS_CACHE_MS) return { tokenStatus: 'valid', boards: cache.boards, message: null };
  try {
    const boards = await connection.client.listBoards();
    cache = { fingerprint: connection.fingerprint, at: nowMs, boards };
    await markToken(database, connection.fingerprint, 'valid', null);
    return { tokenStatus: 'valid', boards, message: boards.length === 0 ? 'Your Pinterest account has no boards yet: create one on Pinterest first.' : null };
  } catch (error) {
    if (!(error instanceof PinterestError)) throw error;
    if (error.kind === 'auth') {
      await markToken(database, connection.fingerprint, 'needs_renewal', error.message);
      return { tokenStatus: 'needs_renewal', boards: [], message: pinTexts.tokenNeedsRenewal };
    }
    return { tokenStatus: 'unchecked', boards: [], message: `Pinterest’s boards could not be loaded: ${error.message}` };
  }
}

/** A board's name from the cached list, when the list is loaded. */
export function cachedBoardName(boardId: string): string | null {
  return cache?.boards.find((board) => board.id === boardId)?.name ?? null;
}
