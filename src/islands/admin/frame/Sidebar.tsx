/**
 * The 'Admin Panel' sidebar (spec sections 2 and 9): icons always, labels only when expanded, the label as a
 * tooltip on a collapsed icon; 16rem or 3rem wide beside the content, an 18rem sheet under 768 px. Its width comes
 * from CSS keyed on <html data-admin-sidebar> (AdminLayout.astro), so the first paint is already right.
 */
import {
  ChartColumn,
  BookOpen,
  CirclePlus,
  FolderTree,
  House,
  Image,
  Info,
  LayoutDashboard,
  ListChecks,
  Mail,
  Newspaper,
  Package,
  Pin,
  ShieldCheck,
  UserPen,
  X,
  type LucideIcon,
} from 'lucide-react';
import { Dialog, Tooltip } from 'radix-ui';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { adminSectionPath, adminSections, publicPages, type AdminSection } from '../../../domain/admin-nav.ts';
import type { Sidebar as SidebarModel } from './use-sidebar.ts';

const publicIcons: Record<(typeof publicPages)[number]['href'], LucideIcon> = {
  '/': House,
  '/products': Package,
  '/blog': BookOpen,
  '/about': Info,
  '/contact': Mail,
};

const sectionIcons: Record<AdminSection, LucideIcon> = {
  overview: LayoutDashboard,
  'add-link': CirclePlus,
  products: Package,
  manage: ListChecks,
  categories: FolderTree,
  analytics: ChartColumn,
  blog: Newspaper,
  authors: UserPen,
  pinterest: Pin,
  'hero-image': Image,
};

interface LinkProps {
  href: string;
  label: string;
  Icon: LucideIcon;
  current?: boolean;
  /** Collapsible links (the desktop sidebar) show their label as a tooltip while collapsed. */
  collapsed: boolean | undefined;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

function SidebarLink({ href, label, Icon, current, collapsed, onClick }: LinkProps) {
  const [hovered, setHovered] = useState(false);
  const link = (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
      className="flex h-8 items-center gap-2 overflow-hidden rounded-md px-2 text-sm text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="admin-sidebar-label truncate">{label}</span>
    </a>
  );
  if (collapsed === undefined) return link;
  return (
    // Controlled, so an expanded sidebar never shows a tooltip that repeats its visible label.
    <Tooltip.Root open={collapsed && hovered} onOpenChange={setHovered}>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side="right" sideOffset={8} className="z-50 rounded-md bg-ink px-2.5 py-1.5 text-xs font-medium text-white shadow-md">
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="admin-sidebar-group px-2 py-2">
      <p id={id} className="admin-sidebar-label px-2 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {label}
      </p>
      <ul className="space-y-0.5">{children}</ul>
    </div>
  );
}

interface ContentProps {
  section: AdminSection;
  collapsed: boolean | undefined;
  onSectionLink: (event: MouseEvent<HTMLAnchorElement>) => void;
}

function SidebarLinks({ section, collapsed, onSectionLink }: ContentProps) {
  return (
    <nav aria-label="Admin navigation" className="flex-1 overflow-x-hidden overflow-y-auto">
      <Group label="Public Pages">
        {publicPages.map((page) => (
          <li key={page.href}>
            <SidebarLink href={page.href} label={page.label} Icon={publicIcons[page.href]} collapsed={collapsed} />
          </li>
        ))}
      </Group>
      <Group label="Admin">
        {adminSections.map((item) => (
          <li key={item.slug}>
            <SidebarLink
              href={adminSectionPath(item.slug)}
              label={item.label}
              Icon={sectionIcons[item.slug]}
              current={item.slug === section}
              collapsed={collapsed}
              onClick={onSectionLink}
            />
          </li>
        ))}
      </Group>
    </nav>
  );
}

function Title({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 overflow-hidden border-b border-line px-3">
      <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      {children}
    </div>
  );
}

interface SidebarProps {
  sidebar: SidebarModel;
  section: AdminSection;
  onSectionLink: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export default function Sidebar({ sidebar, section, onSectionLink }: SidebarProps) {
  const collapsed = sidebar.state === 'collapsed';
  return (
    <>
      <aside
        aria-label="Admin Panel"
        data-state={sidebar.state}
        className="admin-sidebar sticky top-0 hidden h-svh shrink-0 flex-col border-r border-line bg-surface md:flex"
      >
        <Title>
          <p className="admin-sidebar-label truncate text-base font-bold">Admin Panel</p>
        </Title>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          <SidebarLinks section={section} collapsed={collapsed} onSectionLink={onSectionLink} />
        </Tooltip.Provider>
      </aside>
      <Dialog.Root open={sidebar.isMobile && sidebar.openMobile} onOpenChange={sidebar.setOpenMobile}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content
            aria-describedby={undefined}
            data-admin-sheet
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-[var(--shadow-card-hover)] focus:outline-none"
          >
            <Title>
              <Dialog.Title className="flex-1 truncate text-base font-bold">Admin Panel</Dialog.Title>
              <Dialog.Close aria-label="Close sidebar" className="inline-flex size-9 items-center justify-center rounded-md text-ink-muted hover:bg-muted hover:text-ink">
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </Title>
            <SidebarLinks
              section={section}
              collapsed={undefined}
              onSectionLink={(event) => {
                onSectionLink(event);
                if (event.defaultPrevented) sidebar.setOpenMobile(false);
              }}
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
