/**
 * The admin app: one island for every admin URL. The guard checks the session once; sections change inside it.
 * The frame's code arrives only after the guard has let an admin in, so visitors and plain users load the guard alone.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { AdminSection } from '../../domain/admin-nav.ts';
import { readCachedUser } from '../../lib/auth-state.ts';
import { queryClient } from '../../lib/query-client.ts';
import Guard from '../Guard.tsx';

const loadFrame = () => import('./frame/AdminFrame.tsx');
// A returning admin fetches the frame while the session is checked, not after.
if (typeof window !== 'undefined' && readCachedUser()?.role === 'admin') void loadFrame();
const AdminFrame = lazy(loadFrame);

const loading = (
  <p role="status" className="py-16 text-center text-ink-muted">
    Loading…
  </p>
);

export default function AdminApp({ section }: { section: AdminSection }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Guard requireAdmin>
        {(user) => (
          <Suspense fallback={loading}>
            <AdminFrame user={user} initialSection={section} />
          </Suspense>
        )}
      </Guard>
    </QueryClientProvider>
  );
}
