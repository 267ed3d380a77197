/** The admin header (spec section 2): the sidebar toggle, the signed-in user with their role, and Sign Out. */
import { LogOut, PanelLeft } from 'lucide-react';
import { useState } from 'react';
import type { AppUser } from '../../../domain/user.ts';
import { signOutAndLeave } from '../../../lib/sign-out.ts';
import { ui } from '../../ui.ts';
import type { Sidebar } from './use-sidebar.ts';

export default function AdminHeader({ user, sidebar }: { user: AppUser; sidebar: Sidebar }) {
  const [leaving, setLeaving] = useState(false);
  const expanded = sidebar.isMobile ? sidebar.openMobile : sidebar.state === 'expanded';
  return (
    <header data-toasts-below className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-line bg-surface/95 px-3 backdrop-blur sm:px-4">
      <button
        type="button"
        aria-label="Toggle Sidebar"
        aria-expanded={expanded}
        aria-keyshortcuts="Control+B Meta+B"
        title="Toggle Sidebar (Ctrl+B)"
        onClick={sidebar.toggle}
        className="inline-flex size-9 items-center justify-center rounded-md text-ink hover:bg-brand-50"
      >
        <PanelLeft aria-hidden="true" className="size-5" />
      </button>
      <div className="ml-auto flex min-w-0 items-center gap-2 text-sm sm:gap-3">
        <p className="flex min-w-0 items-center gap-2">
          <span className="sr-only">Signed in as</span>
          <span className="truncate font-medium" title={user.email}>
            {user.displayName || user.email}
          </span>
          <span data-user-role className="shrink-0 rounded-full border border-brand-300 bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            {user.role || 'user'}
          </span>
        </p>
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            // The admin panel leaves for /auth even when the call fails (spec section 4, Admin session).
            void signOutAndLeave({ destination: '/auth', leaveOnError: true }).finally(() => setLeaving(false));
          }}
        >
          <LogOut aria-hidden="true" size={16} /> Sign Out
        </button>
      </div>
    </header>
  );
}
