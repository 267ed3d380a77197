/**
 * Guarded pages (spec section 2): 'Verifying access...' while the session is
 * checked, a replace-navigation to /auth without a user, and the access-denied
 * screen when an admin page meets another role.
 */
import { useEffect, type ReactNode } from 'react';
import type { AppUser } from '../domain/user.ts';
import { leavesAfterSignOut } from '../lib/sign-out.ts';
import { useAuth } from '../lib/use-auth.ts';

interface Props {
  requireAdmin?: boolean;
  children: (user: AppUser) => ReactNode;
}

export default function Guard({ requireAdmin = false, children }: Props) {
  const auth = useAuth();
  // Trust only the server's answer: a cached user may have signed out elsewhere.
  const user = auth.status === 'ready' ? auth.user : undefined;

  useEffect(() => {
    if (user !== null) return;
    // Signing out on this page clears the user too: then the page goes where the sign-out sends it, not to /auth.
    void leavesAfterSignOut().then((left) => {
      if (!left) window.location.replace('/auth');
    });
  }, [user]);

  if (!user) {
    return (
      <p role="status" className="py-16 text-center text-ink-muted">
        Verifying access...
      </p>
    );
  }
  if (requireAdmin && user.role !== 'admin') return <AccessDenied role={user.role} />;
  return <>{children(user)}</>;
}

export function AccessDenied({ role }: { role: string }) {
  return (
    <section className="mx-auto max-w-md py-16 text-center" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title" className="text-2xl font-bold">
        Access Denied
      </h1>
      <p className="mt-3 text-ink-muted">You don&apos;t have permission to access this page.</p>
      <p className="mt-2 text-sm">Current role: {role || 'user'}</p>
    </section>
  );
}
