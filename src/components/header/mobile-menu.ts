/**
 * The mobile menu (spec section 2, Header): the button's drawer lists the site's links, the guides,
 * For Everyday Recovery and the account links, and opens Browse Categories over it (every
 * navigation category but uncategorized, each to its catalogue page). Built on the first tap: the
 * drawers work only with JavaScript, so their markup is not in every page.
 *
 * Each drawer is a native modal <dialog>: the browser keeps the rest of the page inert, stacks
 * Browse Categories over the menu and closes the top one on Escape. This adds what Radix Dialog
 * gave: Tab wraps inside the open drawer, a press on the backdrop closes it, focus goes back to the
 * control that opened it, and choosing a link closes every drawer, so a page restored by Back never
 * comes back with one open. The menu marks the current section each time it opens.
 */
import { EVERYDAY_LINKS, GUIDE_LINKS, mobileMenuLinks, type DrawerCategory } from '../../domain/navigation.ts';
import { servedPath } from '../../domain/page-path.ts';
import { markScriptReady } from '../../lib/script-ready.ts';
import { loadHeaderData } from './header-data-client.ts';
import { element, icon } from './element.ts';

const CLOSE_ICON = 'M18 6 6 18M6 6l12 12';
const ACCOUNT_LINKS = [
  { href: '/wishlist', label: 'Wishlist' },
  { href: '/bookmarks', label: 'Bookmarks' },
  { href: '/dashboard', label: 'Dashboard' },
];

function drawer(id: string, title: string, closeLabel: string, ...content: HTMLElement[]): HTMLDialogElement {
  const dialog = element(
    'dialog',
    { id, class: 'drawer', 'aria-labelledby': `${id}-title` },
    element(
      'div',
      { class: 'drawer-head' },
      element('h2', { id: `${id}-title` }, title),
      element('button', { type: 'button', class: 'drawer-close', 'aria-label': closeLabel, 'data-close-drawer': '' }, icon(CLOSE_ICON, 'size-5')),
    ),
    ...content,
  ) as HTMLDialogElement;
  document.body.append(dialog);
  return dialog;
}

const link = (href: string, label: string | Node, className = 'drawer-link') => element('a', { href, class: className }, label);

function section(id: string, title: string, list: HTMLElement): HTMLElement {
  return element('section', { 'aria-labelledby': `drawer-${id}` }, element('h3', { id: `drawer-${id}`, class: 'drawer-section' }, title), list);
}

const linkList = (links: readonly { href: string; label: string }[], attributes: Record<string, string> = {}) =>
  element('ul', attributes, ...links.map((item) => element('li', {}, link(item.href, item.label))));

function buildCategoryDrawer(categories: DrawerCategory[]): HTMLDialogElement {
  return drawer(
    'category-drawer',
    'Browse Categories',
    'Close categories',
    element(
      'ul',
      { class: 'px-3 pb-8' },
      element('li', {}, link('/products', 'All Products', 'drawer-link font-semibold')),
      ...categories.map((category) =>
        element(
          'li',
          {},
          element('a', { href: category.href, class: 'drawer-link' }, category.name),
        ),
      ),
    ),
  );
}

function buildMenu(): HTMLDialogElement {
  // AuthBootstrap's CSS shows one set from the last known sign-in state; account-nav.ts signs out on any [data-sign-out] click.
  const account = element(
    'ul',
    {},
    element('li', { 'data-when': 'signed-out' }, link('/auth', 'Sign In')),
    ...ACCOUNT_LINKS.map((item) => element('li', { 'data-when': 'signed-in' }, link(item.href, item.label))),
    element('li', { 'data-when': 'signed-in' }, element('button', { type: 'button', 'data-sign-out': '', class: 'drawer-link w-full text-left' }, 'Sign Out')),
  );
  return drawer(
    'mobile-menu',
    'Menu',
    'Close menu',
    element(
      'nav',
      { 'aria-label': 'Mobile', class: 'space-y-6 px-3 pb-8' },
      element(
        'button',
        { type: 'button', class: 'drawer-link drawer-opener', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'aria-controls': 'category-drawer', 'data-open-drawer': '' },
        'Browse Categories',
        icon('m9 18 6-6-6-6', 'size-4'),
      ),
      section('explore', 'Explore', linkList(mobileMenuLinks('/'), { 'data-mark-current': '' })),
      section('guides', 'Guides', linkList(GUIDE_LINKS)),
      section('everyday', 'For Everyday Recovery', linkList(EVERYDAY_LINKS)),
      section('account', 'Account', account),
    ),
  );
}

function visibleControls(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)')].filter((control) => control.checkVisibility());
}

/** Tab wraps inside the drawer; a press on the backdrop (the dialog itself, outside its box) or a close button closes it. */
function wireDrawer(dialog: HTMLDialogElement): void {
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const controls = visibleControls(dialog);
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target === dialog) {
      const box = dialog.getBoundingClientRect();
      if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) dialog.close();
    } else if (target.closest('[data-close-drawer]')) dialog.close();
  });
}

/** Opens `dialog` as a modal drawer; `opener` gets focus and aria-expanded back when it closes. */
function openDrawer(dialog: HTMLDialogElement, opener: HTMLElement): void {
  if (dialog.open) return;
  opener.setAttribute('aria-expanded', 'true');
  dialog.addEventListener(
    'close',
    () => {
      opener.setAttribute('aria-expanded', 'false');
      opener.focus();
    },
    { once: true },
  );
  dialog.showModal();
}

/** Wires the button once the drawer's categories are in (header-data-client.ts); a tap made before then waits for it. */
export async function setUpMobileMenu(button: HTMLButtonElement): Promise<void> {
  const { categories: categoryLinks } = await loadHeaderData();
  let menu: HTMLDialogElement | undefined;

  const build = (): HTMLDialogElement => {
    const built = buildMenu();
    const categories = buildCategoryDrawer(categoryLinks);
    const drawers = [categories, built];
    for (const dialog of drawers) {
      wireDrawer(dialog);
      // Choosing a link closes every drawer, the top one first; the navigation goes on.
      dialog.addEventListener('click', (event) => {
        if ((event.target as Element).closest('a[href]')) for (const open of drawers) if (open.open) open.close();
      });
    }
    const opener = built.querySelector<HTMLElement>('[data-open-drawer]')!;
    opener.addEventListener('click', () => openDrawer(categories, opener));
    return built;
  };

  button.addEventListener('click', () => {
    menu ??= build();
    const address = `${servedPath(window.location.pathname)}${window.location.search}`;
    const current = new Set(mobileMenuLinks(address).flatMap((item) => (item.current ? [item.href] : [])));
    for (const item of menu.querySelectorAll<HTMLAnchorElement>('[data-mark-current] a')) {
      if (current.has(item.getAttribute('href') ?? '')) item.setAttribute('aria-current', 'page');
      else item.removeAttribute('aria-current');
    }
    button.setAttribute('aria-controls', menu.id);
    menu.addEventListener('close', () => button.removeAttribute('aria-controls'), { once: true });
    openDrawer(menu, button);
  });
  // A tap made before this ran is carried out now (src/lib/early-clicks.ts).
  markScriptReady(button);
}
