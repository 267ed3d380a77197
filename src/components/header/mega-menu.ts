/**
 * The desktop mega menu's behaviour (spec section 2, Header; MegaMenu.astro renders the bar): it
 * builds the panels, then runs the disclosure pattern with Radix NavigationMenu's keyboard and
 * pointer model, in plain TypeScript so a page that only has the header ships no React.
 *
 * - A trigger (Guides, Everyday, Blog Articles) toggles its panel on click, Enter or Space, and
 *   opens it under a resting mouse after the spec's delays (src/lib/menu-intent.ts).
 * - ArrowLeft, ArrowRight, Home and End move between the bar's entries; ArrowDown on an open
 *   trigger, and Tab, go into its panel, whose links follow the trigger in the DOM; ArrowUp and
 *   ArrowDown move between a panel's links.
 * - Escape closes the open panel and returns focus to its trigger; focus or a press outside the
 *   entry closes it.
 */
import { EVERYDAY_LINKS, GUIDE_LINKS, MENU_DELAYS, MENU_GROUPS, type MenuGroup, type MenuPost } from '../../domain/navigation.ts';
import { createMenuIntent } from '../../lib/menu-intent.ts';
import { markScriptReady } from '../../lib/script-ready.ts';
import { element } from './element.ts';
import { loadHeaderData } from './header-data-client.ts';

interface Entry {
  value: string;
  item: HTMLElement;
  trigger: HTMLButtonElement;
  panel: HTMLElement;
}

const isMouse = (event: PointerEvent) => event.pointerType === 'mouse';

function moveFocus(list: HTMLElement[], from: Element | null, key: string): boolean {
  const index = list.findIndex((element) => element === from);
  if (index < 0) return false;
  const target = key === 'Home' ? 0 : key === 'End' ? list.length - 1 : index + (key === 'ArrowRight' || key === 'ArrowDown' ? 1 : -1);
  const next = list[target];
  if (!next) return false;
  next.focus();
  return true;
}

interface Card {
  href: string;
  title: string;
  text: string;
}

/** A group's panel: its title, its links as cards (a list named by the title) and its closing link. */
function buildPanel(group: MenuGroup, cards: Card[]): HTMLElement {
  const titleId = `menu-${group.value}`;
  const list =
    cards.length > 0
      ? element(
          'ul',
          { 'aria-labelledby': titleId, class: `menu-grid ${group.value === 'blog' ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}` },
          ...cards.map((card) => element('li', {}, element('a', { href: card.href, class: 'menu-card' }, element('span', {}, card.title), element('span', {}, card.text)))),
        )
      : element('p', { class: 'text-sm text-ink-muted' }, 'No blog posts yet');
  const more = group.more && element('a', { href: group.more.href, class: 'menu-more' }, `${group.more.label} `, element('span', { 'aria-hidden': 'true' }, '→'));
  return element('div', { id: `${titleId}-panel`, class: 'menu-panel', hidden: '' }, element('p', { id: titleId, class: 'menu-title' }, group.title), list, more);
}

function cardsFor(group: MenuGroup, posts: MenuPost[]): Card[] {
  if (group.value === 'blog') return posts.map((post) => ({ href: post.href, title: post.title, text: post.excerpt }));
  return (group.value === 'guides' ? GUIDE_LINKS : EVERYDAY_LINKS).map((link) => ({ href: link.href, title: link.label, text: link.description }));
}

/** Builds the panels once the menus' data is in (header-data-client.ts); a click made before then waits for it. */
export async function setUpMegaMenu(nav: HTMLElement): Promise<void> {
  const { posts } = await loadHeaderData();
  const entries: Entry[] = [];
  for (const item of nav.querySelectorAll<HTMLElement>('[data-menu-item]')) {
    const group = MENU_GROUPS.find((candidate) => candidate.value === item.dataset.menuItem);
    const trigger = item.querySelector('button');
    if (!group || !trigger) continue;
    const panel = buildPanel(group, cardsFor(group, posts));
    trigger.setAttribute('aria-controls', panel.id);
    item.append(panel);
    entries.push({ value: group.value, item, trigger, panel });
  }
  /** The bar's focusable entries, triggers and links, in order. */
  const barEntries = [...nav.querySelectorAll<HTMLElement>('[data-menu-entry]')];
  const entryOf = (node: EventTarget | null) => (node instanceof Node ? entries.find((entry) => entry.item.contains(node)) : undefined);

  const intent = createMenuIntent(MENU_DELAYS, (open) => {
    for (const { value, trigger, panel } of entries) {
      const isOpen = value === open;
      trigger.setAttribute('aria-expanded', String(isOpen));
      trigger.dataset.state = isOpen ? 'open' : 'closed';
      panel.hidden = !isOpen;
    }
  });

  for (const entry of entries) {
    const { value, trigger, panel, item } = entry;
    trigger.addEventListener('click', () => intent.toggle(value));
    trigger.addEventListener('pointermove', (event) => isMouse(event) && intent.pointerOverTrigger(value));
    trigger.addEventListener('pointerleave', (event) => isMouse(event) && intent.pointerLeave(value));
    panel.addEventListener('pointerenter', (event) => isMouse(event) && intent.pointerOverPanel());
    panel.addEventListener('pointerleave', (event) => isMouse(event) && intent.pointerLeave(value));
    // Tab out of the trigger and its panel (not into the panel) closes it.
    item.addEventListener('focusout', (event) => {
      if (intent.value === value && !item.contains(event.relatedTarget as Node | null)) intent.close();
    });
  }

  nav.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    const entry = entryOf(target);
    if (event.key === 'Escape' && entry && intent.value === entry.value) {
      event.preventDefault();
      intent.close({ byKeyboard: true });
      entry.trigger.focus();
      return;
    }
    if (entry && entry.panel.contains(target) && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      if (moveFocus([...entry.panel.querySelectorAll<HTMLElement>('a[href]')], target, event.key)) event.preventDefault();
      return;
    }
    if (entry && target === entry.trigger && event.key === 'ArrowDown' && intent.value === entry.value) {
      event.preventDefault();
      entry.panel.querySelector<HTMLElement>('a[href]')?.focus();
      return;
    }
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key) && moveFocus(barEntries, target, event.key)) event.preventDefault();
  });

  // A press anywhere outside the open entry closes it (a press on another trigger opens that one instead).
  document.addEventListener('pointerdown', (event) => {
    const open = entries.find((entry) => entry.value === intent.value);
    if (open && !open.item.contains(event.target as Node | null) && !entryOf(event.target)) intent.close();
  });

  // A trigger clicked before this ran is carried out now (src/lib/early-clicks.ts).
  markScriptReady(nav);
}
