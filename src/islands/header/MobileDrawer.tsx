/**
 * The mobile menu's drawer (spec section 2, Header): the site's links, the guides, the For
 * Everyday Recovery links and the account links, plus the Browse Categories drawer on top of it.
 * Radix Dialog traps focus inside the open drawer and closes on Escape or an outside click.
 * Choosing a link closes every drawer, so a page restored by Back never comes back with one open.
 * Loaded by mobile-menu.ts only on screens where its button shows.
 */
import { Dialog } from 'radix-ui';
import { EVERYDAY_LINKS, GUIDE_LINKS, mobileMenuLinks } from '../../domain/navigation.ts';
import CategoryDrawer from './CategoryDrawer.tsx';
import { DrawerHeader, drawerContentClass, DrawerOverlay, DrawerSection, drawerLinkClass } from './drawer-parts.tsx';
import type { DrawerCategory } from '../../domain/navigation.ts';

export interface MobileDrawerProps {
  categories: DrawerCategory[];
  /** The page's address (path and query), to mark the current section (markCurrent). */
  address: string;
}

interface Props extends MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the drawer closes (the menu button). */
  returnFocus: () => void;
}

const accountLinks = [
  { href: '/wishlist', label: 'Wishlist' },
  { href: '/bookmarks', label: 'Bookmarks' },
  { href: '/dashboard', label: 'Dashboard' },
];

export default function MobileDrawer({ categories, address, open, onOpenChange, returnFocus }: Props) {
  const close = () => onOpenChange(false);
  const links = mobileMenuLinks(address);

  const linkList = (items: readonly { href: string; label: string; current?: boolean }[]) => (
    <ul className="space-y-0.5">
      {items.map((item) => (
        <li key={item.href}>
          <a href={item.href} onClick={close} aria-current={item.current ? 'page' : undefined} className={drawerLinkClass}>
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DrawerOverlay />
        <Dialog.Content
          id="mobile-menu"
          aria-describedby={undefined}
          className={`${drawerContentClass} drawer-left left-0`}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <DrawerHeader title="Menu" closeLabel="Close menu" />
          <nav aria-label="Mobile" className="space-y-6 px-3 pb-8">
            <CategoryDrawer categories={categories} onNavigate={close} />
            <DrawerSection title="Explore">{linkList(links)}</DrawerSection>
            <DrawerSection title="Guides">{linkList(GUIDE_LINKS)}</DrawerSection>
            <DrawerSection title="For Everyday Recovery">{linkList(EVERYDAY_LINKS)}</DrawerSection>
            <DrawerSection title="Account">
              {/* AuthBootstrap's CSS shows one set from the last known sign-in state. */}
              <ul className="space-y-0.5">
                <li data-when="signed-out">
                  <a href="/auth" onClick={close} className={drawerLinkClass}>
                    Sign In
                  </a>
                </li>
                {accountLinks.map((item) => (
                  <li key={item.href} data-when="signed-in">
                    <a href={item.href} onClick={close} className={drawerLinkClass}>
                      {item.label}
                    </a>
                  </li>
                ))}
                <li data-when="signed-in">
                  {/* account-nav.ts signs out on any [data-sign-out] click. */}
                  <button type="button" data-sign-out="" className={`${drawerLinkClass} w-full text-left`}>
                    Sign Out
                  </button>
                </li>
              </ul>
            </DrawerSection>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
