/**
 * The toggle behind Save (wishlist) and Bookmark controls: knows whether an id is
 * in the signed-in person's list, adds or removes it, and says so in the spec's words.
 *
 * A click is carried out as what the control showed when it was pressed: Save adds, Saved removes. A click made before
 * the island hydrated (replayed by src/lib/early-clicks.ts, perhaps after the ids have loaded) or before the person's
 * saved ids have loaded was made on "Save": it waits for the ids, then adds, and when the item turns out to be in
 * the list already there is nothing to do and the list is as the person asked (a replayed Save on a saved item was
 * sent as an add and answered 'Already in wishlist'). One toggle at a time: a click while one is in flight (a replayed
 * click and a real one landing together, before the button re-renders as busy) is ignored rather than sent twice.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../lib/api.ts';
import { loadSession } from '../lib/auth-state.ts';
import { isReplayedEarlyClick } from '../lib/script-ready.ts';
import { queryClient } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import { useAuth } from '../lib/use-auth.ts';

interface Message {
  title: string;
  description: string;
}

export interface SavedToggleConfig {
  id: number;
  queryKey: (userId: string) => readonly unknown[];
  /** The ids currently in the list. */
  fetchIds: () => Promise<number[]>;
  add: (id: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  messages: { authRequired: Message; duplicate: Message; added: Message; removed: Message; addFailed: Message; removeFailed: Message };
}

/** What a click asks for: what the control showed, or 'save' when the saved state was not known yet. */
type Intent = 'save' | 'unsave';

export function useSavedToggle(config: SavedToggleConfig) {
  const auth = useAuth();
  const user = auth.user;
  const key = user ? config.queryKey(user.id) : ['signed-out'];
  const ids = useQuery({ queryKey: [...key, 'ids'], queryFn: config.fetchIds, enabled: auth.status === 'ready' && user !== null });
  const saved = Boolean(ids.data?.includes(config.id));
  const inFlight = useRef(false);

  const toggle = useMutation({
    mutationFn: async (intent: Intent) => {
      const current = (await loadSession()) ?? null;
      if (!current) return 'signed-out' as const;
      // The list as the server has it: the cached ids when they are loaded, else fetched now.
      const list = await queryClient.ensureQueryData({ queryKey: [...config.queryKey(current.id), 'ids'], queryFn: config.fetchIds });
      const inList = list.includes(config.id);
      if (intent === 'unsave') {
        if (inList) await config.remove(config.id);
        return 'removed' as const;
      }
      if (!inList) await config.add(config.id);
      return 'added' as const;
    },
    onSuccess: (outcome) => {
      if (outcome === 'signed-out') toast({ ...config.messages.authRequired, variant: 'error' });
      else toast({ ...config.messages[outcome], variant: 'success' });
    },
    onError: (error, intent) => {
      if (error instanceof ApiError && error.status === 409) toast({ ...config.messages.duplicate });
      else if (error instanceof ApiError && error.status === 401) toast({ ...config.messages.authRequired, variant: 'error' });
      else toast({ ...(intent === 'unsave' ? config.messages.removeFailed : config.messages.addFailed), variant: 'error' });
    },
    onSettled: () => {
      inFlight.current = false;
      return user ? queryClient.invalidateQueries({ queryKey: config.queryKey(user.id) }) : undefined;
    },
  });

  return {
    saved,
    busy: toggle.isPending,
    toggle: (event?: { currentTarget: EventTarget | null }) => {
      if (inFlight.current) return;
      inFlight.current = true;
      // A click held before the island worked was made on the static page's "Save" (it cannot know the person's
      // list), whatever has loaded by the time it is replayed.
      const early = event !== undefined && isReplayedEarlyClick(event);
      toggle.mutate(saved && !early ? 'unsave' : 'save');
    },
  };
}
