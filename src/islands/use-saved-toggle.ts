/**
 * The toggle behind Save (wishlist) and Bookmark controls: knows whether an id is
 * in the signed-in person's list, adds or removes it, and says so in the spec's words.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../lib/api.ts';
import { loadSession } from '../lib/auth-state.ts';
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

export function useSavedToggle(config: SavedToggleConfig) {
  const auth = useAuth();
  const user = auth.user;
  const key = user ? config.queryKey(user.id) : ['signed-out'];
  const ids = useQuery({ queryKey: [...key, 'ids'], queryFn: config.fetchIds, enabled: auth.status === 'ready' && user !== null });
  const saved = Boolean(ids.data?.includes(config.id));

  const toggle = useMutation({
    mutationFn: async () => {
      const current = (await loadSession()) ?? null;
      if (!current) return 'signed-out' as const;
      if (saved) {
        await config.remove(config.id);
        return 'removed' as const;
      }
      await config.add(config.id);
      return 'added' as const;
    },
    onSuccess: (outcome) => {
      if (outcome === 'signed-out') toast({ ...config.messages.authRequired, variant: 'error' });
      else toast({ ...config.messages[outcome], variant: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) toast({ ...config.messages.duplicate });
      else if (error instanceof ApiError && error.status === 401) toast({ ...config.messages.authRequired, variant: 'error' });
      else toast({ ...(saved ? config.messages.removeFailed : config.messages.addFailed), variant: 'error' });
    },
    onSettled: () => (user ? queryClient.invalidateQueries({ queryKey: config.queryKey(user.id) }) : undefined),
  });

  return { saved, busy: toggle.isPending, toggle: () => toggle.mutate() };
}
