/**
 * Undo of a product write (POST /api/admin/undo/:id), from a toast or from the overview's activity: the answer or the
 * refusal is toasted, and every list the write showed up in is refreshed.
 */
import type { QueryClient } from '@tanstack/react-query';
import { undoResultSchema, undoTexts, type UndoResult } from '../../../domain/admin/undo.ts';
import { toast, type ToastMessage } from '../../../lib/toast.ts';
import { adminRequest, toastApiError } from '../api.ts';
import { refreshAfterProductWrite } from '../products/product-list-api.ts';

/** Long enough to read the toast and reach its Undo; the overview's activity offers it afterwards. */
export const UNDO_TOAST_MS = 10_000;

export const undoApi = {
  undo: (jobId: number) => adminRequest(`/api/admin/undo/${jobId}`, undoResultSchema, { method: 'POST', json: {} }),
};

/** Undoes the job; resolves with the answer, or undefined after toasting the refusal. */
export async function runUndo(queryClient: QueryClient, jobId: number): Promise<UndoResult | undefined> {
  try {
    const result = await undoApi.undo(jobId);
    toast({ title: result.title, description: result.description, variant: 'success' });
    return result;
  } catch (error) {
    toastApiError(error, undoTexts.failed);
    return undefined;
  } finally {
    refreshAfterProductWrite(queryClient);
  }
}

/** A success toast with an Undo button when the write left something to undo. */
export function toastWithUndo(queryClient: QueryClient, message: ToastMessage, undoJobId: number | null | undefined): void {
  if (undoJobId === null || undoJobId === undefined) {
    toast(message);
    return;
  }
  toast({ ...message, duration: UNDO_TOAST_MS, action: { label: undoTexts.undoLabel, onClick: () => void runUndo(queryClient, undoJobId) } });
}
