/**
 * A phone is enough: at 390 px every admin screen, each of its tabs and every dialog or sheet it opens fits the screen,
 * and every button is a target of at least 24 x 24 px (WCAG 2.5.8) that a tap reaches. The screens come from the
 * sidebar's own list (adminSections), so a new screen is measured without a line here; its dialogs are one line each
 * in `dialogs` below, which the type check makes every screen list. The same run at 1280 px guards the desktop.
 *
 * It only opens and closes things: nothing it does writes, so it runs beside the other admin specs.
 */
import type { Locator, Page } from '@playwright/test';
import { adminSectionLabel, adminSectionPath, adminSections, type AdminSection } from '../../src/domain/admin-nav.ts';
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

/** The smallest target WCAG 2.5.8 allows. */
const MIN_TARGET = 24;
/** An icon narrower than this inside an icon-only button is not seen (the squeezed icons were 2 px). */
const MIN_ICON = 12;

interface DialogCase {
  /** What the report calls it. */
  name: string;
  /** Clicks what opens it (after any step it needs first). */
  open: (page: Page) => Promise<void>;
  role?: 'dialog' | 'alertdialog';
}

/** One line per dialog: the button (found in the page, after `before`) that opens it, and its role. */
function opens(name: string, trigger: (page: Page) => Locator, role: DialogCase['role'] = 'dialog', before?: (page: Page) => Promise<void>): DialogCase {
  return {
    name,
    role,
    open: async (page) => {
      await before?.(page);
      await trigger(page).click();
    },
  };
}

const main = (page: Page) => page.getByRole('main');
const firstButton = (page: Page, name: RegExp | string) => main(page).getByRole('button', { name, exact: typeof name === 'string' }).first();
const checkFirst = (label: RegExp) => async (page: Page) => {
  await main(page).getByRole('checkbox', { name: label }).first().check();
};
const startPost = async (page: Page) => {
  await main(page).getByRole('link', { name: 'New post', exact: true }).click();
  await expect(page.getByRole('toolbar').first()).toBeVisible();
};

/** The header's sidebar sheet on a phone: every screen has it. */
const sidebarSheet = opens('sidebar sheet', (page) => page.getByRole('button', { name: 'Toggle Sidebar' }));

// Every screen lists the dialogs it opens (a Record: a screen added to the sidebar without a line here fails the type check).
const dialogs: Record<AdminSection, DialogCase[]> = {
  overview: [],
  'add-link': [],
  products: [
    opens('product editor sheet', (page) => firstButton(page, /^Edit /)),
    opens('delete confirmation', (page) => firstButton(page, /^Delete /), 'alertdialog'),
    opens('link health dialog', (page) => firstButton(page, /^Link health of /)),
  ],
  manage: [opens('bulk delete confirmation', (page) => page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete', exact: true }), 'alertdialog', checkFirst(/^Select (?!all)/))],
  categories: [
    opens('edit category dialog', (page) => firstButton(page, /^Edit /)),
    opens('delete category confirmation', (page) => firstButton(page, /^Delete /), 'alertdialog'),
  ],
  analytics: [],
  blog: [
    opens('delete post confirmation', (page) => firstButton(page, /^Delete /), 'alertdialog'),
    opens('add link dialog', (page) => page.getByRole('toolbar').getByRole('button', { name: 'Link', exact: true }), 'dialog', startPost),
    opens('add image dialog', (page) => page.getByRole('toolbar').getByRole('button', { name: 'Image', exact: true }), 'dialog', startPost),
  ],
  pinterest: [
    opens('new pin sheet', (page) => firstButton(page, 'New pin')),
    opens('create drafts dialog', (page) => firstButton(page, 'Create drafts')),
  ],
  'hero-image': [],
};

interface TargetReport {
  scrollWidth: number;
  /** Buttons smaller than MIN_TARGET, or icon-only buttons whose icon is narrower than MIN_ICON. */
  small: string[];
}

/**
 * The document's width and the buttons (and button-like controls) inside `root` that are too small to hit. Hidden
 * ones (display none, a closed tab, an .sr-only label clipped to nothing) do not count; one scrolled off inside its
 * own box does.
 */
async function measure(root: Locator): Promise<TargetReport> {
  return root.evaluate(
    (element, { minTarget, minIcon }) => {
      const small: string[] = [];
      const controls = element.querySelectorAll<HTMLElement>('button, [role="button"], [role="tab"], [role="switch"], select, a[class*="rounded-full"]');
      for (const control of controls) {
        const style = getComputedStyle(control);
        const box = control.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (style.visibility === 'hidden' || style.clipPath.startsWith('inset')) continue;
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
        if (box.width < minTarget || box.height < minTarget) small.push(`${name}: ${box.width.toFixed(0)}x${box.height.toFixed(0)} px`);
        const icon = control.querySelector('svg');
        if (icon && !control.textContent?.trim()) {
          const iconBox = icon.getBoundingClientRect();
          if (iconBox.width < minIcon || iconBox.height < minIcon) small.push(`${name}: icon ${iconBox.width.toFixed(0)}x${iconBox.height.toFixed(0)} px`);
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, small };
    },
    { minTarget: MIN_TARGET, minIcon: MIN_ICON },
  );
}

/** Nothing wider than the screen and no button too small, in the page or in `root`. */
async function expectFits(page: Page, root: Locator, where: string): Promise<void> {
  const width = page.viewportSize()!.width;
  // Rows and lazy panels arrive after the heading: measured once the page is quiet, and again until it holds.
  await expect.poll(async () => measure(root), { message: `${where} at ${width} px` }).toEqual({ scrollWidth: width, small: [] });
}

/** Every enabled button of the dialog, scrolled to inside it, is what a tap at its centre lands on (no overlay over it). */
async function expectReachable(dialog: Locator, where: string): Promise<void> {
  const covered = await dialog.evaluate((element) => {
    const misses: string[] = [];
    for (const button of element.querySelectorAll<HTMLButtonElement>('button:not([disabled])')) {
      const box0 = button.getBoundingClientRect();
      if (box0.width === 0 && box0.height === 0) continue;
      button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !button.contains(hit)) misses.push(`${button.getAttribute('aria-label') ?? button.textContent?.trim()} is under ${hit?.outerHTML.slice(0, 80)}`);
    }
    return misses;
  });
  expect(covered, where).toEqual([]);
}

async function expectDialogFits(page: Page, dialog: Locator, where: string): Promise<void> {
  const viewport = page.viewportSize()!;
  await expect(dialog).toBeVisible();
  await settled(page);
  // Opening animations and lazy content settle first.
  await expect
    .poll(async () => {
      const box = await dialog.boundingBox();
      return box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
    }, { message: `${where}: the dialog lies inside the ${viewport.width} x ${viewport.height} screen` })
    .toBe(true);
  await expectFits(page, dialog, where);
  await expectReachable(dialog, where);
}

/** Closes the dialog the way a finger would: its close (or Cancel) button, tapped for real. */
async function closeByButton(dialog: Locator, where: string): Promise<void> {
  const close = dialog.getByRole('button', { name: /^(Close|Close sidebar|Cancel)$/ }).first();
  await expect(close, `${where} has a close or Cancel button`).toBeVisible();
  await close.click();
  await expect(dialog).toBeHidden();
}

/** The screen's rows and lazy panels are in: nothing says Loading… and no request is left. */
async function settled(page: Page): Promise<void> {
  await expect(main(page).getByText(/^Loading/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function openScreen(page: Page, section: AdminSection): Promise<void> {
  await page.goto(adminSectionPath(section));
  await expect(sectionHeading(page, adminSectionLabel(section))).toBeVisible();
  await settled(page);
}

const viewports = [
  { label: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { label: 'a desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;

for (const { label, use } of viewports) {
  test.describe(`the admin on ${label}`, () => {
    test.use(use);
    test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

    for (const { slug } of adminSections) {
      test(`${slug}: the screen, each tab and each dialog fit, with buttons a finger can hit`, async ({ page }) => {
        await openScreen(page, slug);
        await expectFits(page, page.locator('body'), slug);

        const tabs = main(page).getByRole('tab');
        for (let index = 0; index < (await tabs.count()); index++) {
          const tab = tabs.nth(index);
          const name = (await tab.textContent())?.trim();
          await tab.click();
          await expect(tab).toHaveAttribute('aria-selected', 'true');
          await settled(page);
          await expectFits(page, page.locator('body'), `${slug}, tab ${name}`);
        }

        const cases = use.viewport.width < 768 ? [sidebarSheet, ...dialogs[slug]] : dialogs[slug];
        for (const dialogCase of cases) {
          const where = `${slug}: ${dialogCase.name}`;
          await openScreen(page, slug);
          await dialogCase.open(page);
          const dialog = page.getByRole(dialogCase.role ?? 'dialog');
          await expectDialogFits(page, dialog, where);
          await closeByButton(dialog, where);
        }
      });
    }
  });
}
