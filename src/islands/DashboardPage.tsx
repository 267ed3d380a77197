/** /dashboard: the signed-in entry point. Admins go straight on to the admin overview. */
import { useEffect, useState } from 'react';
import { Bookmark, Heart, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import type { AppUser } from '../domain/user.ts';
import { signOutAndLeave } from '../lib/sign-out.ts';
import Guard from './Guard.tsx';
import { ui } from './ui.ts';

function Entry({ user }: { user: AppUser }) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (user.role === 'admin') window.location.replace('/dashboard/overview');
  }, [user.role]);
  if (user.role === 'admin') return <p role="status">Loading…</p>;

  const tiles = [
    { href: '/wishlist', label: 'My Wishlist', text: 'Products you saved for later.', Icon: Heart },
    { href: '/bookmarks', label: 'My Bookmarks', text: 'Articles you want to come back to.', Icon: Bookmark },
  ];
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Welcome, {user.displayName}</h1>
        <p className="mt-2 text-ink-muted">Your saved products, bookmarks and account in one place.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {tiles.map(({ href, label, text, Icon }) => (
          <li key={href}>
            <a href={href} className={`${ui.card} flex items-start gap-4 p-5 hover:shadow-[var(--shadow-card-hover)]`}>
              <Icon aria-hidden="true" className="mt-0.5 text-brand-700" />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className="text-sm text-ink-muted">{text}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <section id="account" aria-labelledby="account-title" className={`${ui.card} p-5`}>
        <h2 id="account-title" className="flex items-center gap-2 text-lg font-semibold">
          <UserRound aria-hidden="true" size={20} /> Account
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Display name</dt>
          <dd>{user.displayName}</dd>
          <dt className="font-semibold">Email</dt>
          <dd>{user.email}</dd>
          <dt className="font-semibold">Role</dt>
          <dd className="inline-flex items-center gap-1">
            <ShieldCheck aria-hidden="true" size={16} /> {user.role}
          </dd>
        </dl>
        <button
          type="button"
          className={`${ui.secondaryButton} mt-5`}
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOutAndLeave().finally(() => setLeaving(false));
          }}
        >
          <LogOut aria-hidden="true" size={16} /> Sign Out
        </button>
      </section>
    </div>
  );
}

export default function DashboardPage() {
  return <Guard>{(user) => <Entry user={user} />}</Guard>;
}
