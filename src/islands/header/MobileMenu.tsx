/**
 * The mobile menu button (spec section 2, Header). It hydrates on idle on every page but is shown
 * only under 768 px, so the drawer it opens (MobileDrawer.tsx, with Radix Dialog) is a separate
 * chunk, fetched when the button is visible and never on wide screens.
 */
import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { MobileDrawerProps } from './MobileDrawer.tsx';

const loadDrawer = () => import('./MobileDrawer.tsx');
const MobileDrawer = lazy(loadDrawer);

export default function MobileMenu(props: MobileDrawerProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing can animate and reopening is instant.
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    // Fetch the drawer ahead of the first tap, but only where the button can be seen.
    if (button.current?.offsetParent) void loadDrawer();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        data-requires-js=""
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-menu' : undefined}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-brand-50"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileDrawer {...props} open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
