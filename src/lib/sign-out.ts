/** Sign-out as every control does it (spec sections 4 and 8). */
import { ApiError } from './api.ts';
import { signOut } from './auth-state.ts';
import { flashToast, toast } from './toast.ts';

interface SignOutOptions {
  destination?: string;
  /** The admin panel leaves for /auth even when the call fails (spec section 4, Admin session). */
  leaveOnError?: boolean;
}

/** Settles true once a sign-out on this page has sent it to its destination, false if the page stays. */
let leaving: Promise<boolean> | undefined;

/**
 * Whether the page is leaving after a sign-out. A guarded page sends a signed-out visitor to /auth, and its check runs
 * when React gets to it: before or after this module sent the page to its destination, so either address could win.
 */
export function leavesAfterSignOut(): Promise<boolean> {
  return leaving ?? Promise.resolve(false);
}

export async function signOutAndLeave({ destination = '/', leaveOnError = false }: SignOutOptions = {}): Promise<void> {
  let settle!: (left: boolean) => void;
  leaving = new Promise((resolve) => (settle = resolve));
  const leave = () => {
    settle(true);
    window.location.assign(destination);
  };
  try {
    await signOut();
  } catch (error) {
    const message = error instanceof ApiError ? error.description : error instanceof Error ? error.message : String(error);
    const failure = { title: 'Error signing out', description: message, variant: 'error' } as const;
    if (leaveOnError) {
      flashToast(failure);
      return leave();
    }
    settle(false);
    leaving = undefined;
    return toast(failure);
  }
  flashToast({ title: 'Signed out successfully', description: 'You have been logged out.', variant: 'success' });
  leave();
}
