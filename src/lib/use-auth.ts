import { useEffect, useSyncExternalStore } from 'react';
import { getAuthState, loadSession, subscribeToAuth, type AuthState } from './auth-state.ts';

const serverState: AuthState = { status: 'loading', user: null };

/** The signed-in user for React islands; starts the session check on first use. */
export function useAuth(): AuthState {
  const state = useSyncExternalStore(subscribeToAuth, getAuthState, () => serverState);
  useEffect(() => {
    void loadSession();
  }, []);
  return state;
}
