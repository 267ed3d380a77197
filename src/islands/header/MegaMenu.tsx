/**
 * The desktop mega menu (spec section 2, Header): Guides, Everyday (For Everyday Recovery) and
 * Blog Articles open panels; the other entries are plain links. Radix NavigationMenu gives the
 * keyboard model (arrow keys between entries, Tab into a panel, Escape closes and returns focus to
 * its trigger) and the spec's delays (section 9). Server-rendered, so the bar is in the HTML and
 * hydrating it moves nothing; the panels are absolutely positioned under the bar.
 */
import { ChevronDown } from 'lucide-react';
import { NavigationMenu } from 'radix-ui';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { EVERYDAY_LINKS, GUIDE_LINKS, MAIN_LINKS, markCurrent, MENU_DELAYS } from '../../domain/navigation.ts';
import type { MenuPost, NavLink } from '../../domain/navigation.ts';

/** Only what changes between builds or pages travels as props; the fixed links are imported. */
interface Props {
  posts: MenuPost[];
  /** The page's address (path and query), to mark the current section (markCurrent). */
  address: string;
}

const entryClass =
  'inline-flex h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-ink-muted hover:bg-brand-50 hover:text-brand-800 data-[state=open]:bg-brand-50 data-[state=open]:text-brand-800 data-[active]:text-brand-700 data-[active]:underline data-[active]:decoration-2 data-[active]:underline-offset-8';
const panelClass =
  'menu-panel absolute top-full left-0 z-50 w-full rounded-b-card border border-t-0 border-line bg-surface p-6 shadow-card-hover';

function Panel({ title, id, children, footer }: { title: string; id: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl">
      <p id={id} className="mb-4 text-xs font-semibold tracking-widest text-brand-700 uppercase">
        {title}
      </p>
      {children}
      {footer}
    </div>
  );
}

function LinkCard({ href, title, text }: { href: string; title: string; text: string }) {
  return (
    <NavigationMenu.Link asChild>
      <a href={href} className="block h-full rounded-lg p-3 hover:bg-brand-50 focus-visible:bg-brand-50">
        <span className="block text-sm font-semibold text-ink">{title}</span>
        <span className="mt-1 block text-sm leading-snug text-ink-muted">{text}</span>
      </a>
    </NavigationMenu.Link>
  );
}

function LinkGrid({ links, labelledBy, columns }: { links: { href: string; title: string; text: string }[]; labelledBy: string; columns: string }) {
  return (
    <ul aria-labelledby={labelledBy} className={`grid gap-2 ${columns}`}>
      {links.map((link) => (
        <li key={link.href}>
          <LinkCard {...link} />
        </li>
      ))}
    </ul>
  );
}

function PanelFooterLink({ href, label }: { href: string; label: string }) {
  return (
    <NavigationMenu.Link asChild>
      <a href={href} className="mt-4 inline-block rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
        {label} <span aria-hidden="true">→</span>
      </a>
    </NavigationMenu.Link>
  );
}

function MenuEntry({ value, label, children }: { value: string; label: string; children: ReactNode }) {
  return (
    // data-requires-js: without JavaScript a trigger cannot open, so BaseLayout's <noscript> style hides it.
    <NavigationMenu.Item value={value} data-requires-js="">
      <NavigationMenu.Trigger className={`group ${entryClass}`}>
        {label}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-150 group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
      </NavigationMenu.Trigger>
      <NavigationMenu.Content className={panelClass}>{children}</NavigationMenu.Content>
    </NavigationMenu.Item>
  );
}

const toCard = (link: NavLink) => ({ href: link.href, title: link.label, text: link.description });

export default function MegaMenu({ posts, address }: Props) {
  const links = markCurrent(MAIN_LINKS, address);
  const rootRef = useRef<HTMLElement>(null);
  const [openMenu, setOpenMenu] = useState('');
  useLayoutEffect(() => {
    // Radix renders a focus proxy after an open trigger that is aria-hidden yet tabbable, which axe
    // reports (aria-hidden-focus, serious). Our panels follow their trigger in the DOM, so Tab reaches
    // them without it; Radix still focuses it from code when Tab leaves a panel, which -1 allows.
    rootRef.current?.querySelectorAll('[aria-hidden="true"][tabindex="0"]').forEach((proxy) => proxy.setAttribute('tabindex', '-1'));
  }, [openMenu]);

  return (
    <NavigationMenu.Root
      ref={rootRef}
      value={openMenu}
      onValueChange={setOpenMenu}
      aria-label="Main"
      delayDuration={MENU_DELAYS.openMs}
      skipDelayDuration={MENU_DELAYS.skipMs}
      className="relative"
    >
      <NavigationMenu.List className="flex items-center gap-1">
        <MenuEntry value="guides" label="Guides">
          <Panel title="Guides" id="menu-guides" footer={<PanelFooterLink href="/guides" label="All guides" />}>
            <LinkGrid links={GUIDE_LINKS.map(toCard)} labelledBy="menu-guides" columns="grid-cols-2 lg:grid-cols-4" />
          </Panel>
        </MenuEntry>
        <MenuEntry value="everyday" label="Everyday">
          <Panel title="For Everyday Recovery" id="menu-everyday">
            <LinkGrid links={EVERYDAY_LINKS.map(toCard)} labelledBy="menu-everyday" columns="grid-cols-2 lg:grid-cols-4" />
          </Panel>
        </MenuEntry>
        <MenuEntry value="blog" label="Blog Articles">
          <Panel
            title="Blog Articles"
            id="menu-blog"
            footer={<PanelFooterLink href="/blog" label="View all articles" />}
          >
            {posts.length > 0 ? (
              <LinkGrid
                links={posts.map((post) => ({ href: post.href, title: post.title, text: post.excerpt }))}
                labelledBy="menu-blog"
                columns="grid-cols-2 lg:grid-cols-3"
              />
            ) : (
              <p className="text-sm text-ink-muted">No blog posts yet</p>
            )}
          </Panel>
        </MenuEntry>
        {links.map((link) => (
          <NavigationMenu.Item key={link.href}>
            <NavigationMenu.Link href={link.href} active={link.current} className={entryClass}>
              {link.label}
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
