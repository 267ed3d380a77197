/**
 * The admin app: one island for every admin URL. The guard checks the session once; sections change inside it.
 * The frame's code arrives only after the guard has let an admin in, so visitors and plain users load the guard alone.
 */
import { QueryClientProvider } from './query.ts';
import { lazy, Suspense, useEffect } from 'react';
import type { AdminSection } from '../../domain/admin-nav.ts';
import { readCachedUser } from '../../lib/auth-state.ts';
import { queryClient } from '../../lib/query-client.ts';
import { takeFlashToast, toast } from '../../lib/toast.ts';
import Guard from '../Guard.tsx';

// Lazy modules are imported as `.then(({ default }) => ({ default }))` throughout the admin app: handing React.lazy
// the whole module makes the bundler add a namespace helper to the runtime chunk every public page shares.
const loadFrame = () => import('./frame/AdminFrame.tsx').then(({ default: frame }) => ({ default: frame }));
// A returning admin fetches the frame while the session is checked, not after.
if (typeof window !== 'undefined' && readCachedUser()?.role === 'admin') void loadFrame();
const AdminFrame = lazy(loadFrame);

const loading = (
  <p role="status" className="py-16 text-center text-ink-muted">
    Loading…
  </p>
);

let toasterMounted = false;

/**
 * Admin pages toast often, so the toast region mounts at once. Done here rather than by the public layout's
 * toaster-loader script, whose chunk the public pages would otherwise have to share with the admin pages.
 */
function useToaster(): void {
  useEffect(() => {
    if (toasterMounted) return;
    toasterMounted = true;
    const flash = takeFlashToast();
    if (flash) toast(flash);
    void import('../toaster-root.tsx').then(({ mountToaster }) => mountToaster());
  }, []);
}

export default function AdminApp({ section }: { section: AdminSection }) {
  useToaster();
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
