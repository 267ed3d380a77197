/** Sign-out as every control does it (spec sections 4 and 8). */
import { ApiError } from './api.ts';
import { signOut } from './auth-state.ts';
import { flashToast, toast } from './toast.ts';

interface SignOutOptions {
  destination?: string;
  /** The admin panel leaves for /auth even when the call fails (spec section 4, Admin session). */
  leaveOnError?: boolean;
}

export async function signOutAndLeave({ destination = '/', leaveOnError = false }: SignOutOptions = {}): Promise<void> {
  try {
    await signOut();
  } catch (error) {
    const message = error instanceof ApiError ? error.description : error instanceof Error ? error.message : String(error);
    const failure = { title: 'Error signing out', description: message, variant: 'error' } as const;
    if (!leaveOnError) return toast(failure);
    flashToast(failure);
    window.location.assign(destination);
    return;
  }
  flashToast({ title: 'Signed out successfully', description: 'You have been logged out.', variant: 'success' });
  window.location.assign(destination);
}
