/**
 * A phone is enough: at 390 px every admin screen, each of its tabs and every dialog or sheet it opens fits the screen,
 * and every button is a target of at least 24 x 24 px (WCAG 2.5.8) that a tap reaches. The screens come from the
 * sidebar's own list (adminSections), so a new screen is measured without a line here; its dialogs are one line each
 * in `dialogs` below, which the type check makes every screen list. The same run at 1280 px guards the desktop.
 *
 * The screens' loop only opens and closes things: nothing it does writes, so it runs beside the other admin specs. The
 * last block needs data to show its dialogs and panels: it makes its own and deletes it (see there).
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
  authors: [opens('delete author confirmation', (page) => firstButton(page, /^Delete /), 'alertdialog')],
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

/**
 * What only data or a change shows, on a phone: the bulk confirmation of a status change and the Undo after it (in its
 * toast and in the overview's Recent activity), the CSV and report import previews, a network's rotate-token
 * confirmation, the Pinterest bulk popovers and confirmation, Add by link's panels, and the image upload buttons.
 *
 * Everything it changes is its own: a category with two draft products (drafts are never pinned in bulk, never
 * shown to shoppers), pins scheduled far ahead for them, and the token of a network no other spec uses; each change
 * is undone or deleted. Imports stop at their preview; confirmations that would change shared data are cancelled.
 */
test.describe('the admin on a phone: confirmations, previews and panels that need data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use(viewports[0].use);
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  /** A network only this spec gives a token (admin-networks uses Impact, admin-revenue-flow Generic). */
  const NETWORK = 'partnerize';
  const shop = (path: string) => {
    const base = process.env.E2E_SCRAPE_BASE_URL;
    if (!base) throw new Error('E2E_SCRAPE_BASE_URL is not set: global-setup.ts did not start the fixture retailer.');
    return `${base}${path}`;
  };
  const listedLink = () => shop(`/pages/microdata-product.html?variant=phone-${nonce}`);
  let shelf: { id: number; name: string; slug: string };
  let products: { id: number; name: string }[] = [];
  /** Products and pins made along the way, deleted after the last test. */
  const madeProducts: number[] = [];
  const madePins: number[] = [];

  const toastWith = (page: Page, title: string) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: title });

  /** The control is on the screen, at least MIN_TARGET each way, and a tap at its centre lands on it. */
  async function expectTappable(control: Locator, where: string): Promise<void> {
    await expect(control, where).toBeVisible();
    await control.scrollIntoViewIfNeeded();
    const report = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { left: box.left, right: box.right, width: box.width, height: box.height, hit: Boolean(hit && element.contains(hit)), viewport: window.innerWidth };
    });
    expect(report.width, `${where}: width`).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(report.height, `${where}: height`).toBeGreaterThanOrEqual(MIN_TARGET);
    expect(report.left >= 0 && report.right <= report.viewport + 0.5, `${where}: inside the screen (${report.left}–${report.right})`).toBe(true);
    expect(report.hit, `${where}: a tap at its centre lands on it`).toBe(true);
  }

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, e2eAccounts.admin);
    const created = await page.request.post('/api/admin/categories', { data: { name: `Phone Shelf ${nonce}` } });
    expect(created.status()).toBe(201);
    shelf = await created.json();
    const names = [`Phone Shelf Item A ${nonce}`, `Phone Shelf Item B ${nonce}`];
    const batch = await page.request.post('/api/admin/products/batch', {
      data: {
        products: [
          ...names.map((name, index) => ({ name, affiliateUrl: `https://www.example.com/phone-shelf-${nonce}-${index + 1}`, price: 30 + index, categoryId: shelf.id, status: 'draft' })),
          // Already in the catalogue: Add by link offers it instead of a copy.
          { name: `Phone Listed Block ${nonce}`, affiliateUrl: listedLink(), price: 25, categoryId: shelf.id, status: 'draft' },
        ],
      },
    });
    expect(batch.status()).toBe(200);
    expect((await batch.json()).created).toBe(3);
    const list = await page.request.get(`/api/admin/products?category=${shelf.slug}&sort=name&dir=asc`);
    const rows = ((await list.json()) as { rows: { id: number; name: string }[] }).rows;
    products = rows.filter((row) => names.includes(row.name));
    expect(products).toHaveLength(2);
    madeProducts.push(...rows.map((row) => row.id));
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page, e2eAccounts.admin);
    for (const id of madePins) {
      const response = await page.request.delete(`/api/admin/pins/${id}`);
      expect([200, 404]).toContain(response.status());
    }
    if (madeProducts.length > 0) expect((await page.request.post('/api/admin/products/bulk', { data: { action: 'delete', ids: madeProducts } })).status()).toBe(200);
    const network = await page.request.delete(`/api/admin/revenue-networks/${NETWORK}`);
    expect(network.status()).toBeLessThan(500);
    await page.close();
  });

  test("manage: a bulk status change's confirmation, the Undo in its toast and in the overview's Recent activity", async ({ page }) => {
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    const title = 'Marked 2 products out of stock';
    const markOut = async () => {
      await page.goto(`/dashboard/manage?category=${shelf.slug}`);
      await expect(sectionHeading(page, 'Manage')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Products to manage' }).locator('tbody tr')).toHaveCount(products.length + 1);
      for (const product of products) await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
      await expect(page.getByText('2 products selected')).toBeVisible();
      await bar.getByRole('button', { name: 'Mark out of stock', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Mark 2 products out of stock?' });
      await expectDialogFits(page, dialog, 'manage: bulk out-of-stock confirmation');
      await dialog.getByRole('button', { name: 'Mark 2 products out of stock' }).tap();
      await expect(dialog).toBeHidden();
    };

    await markOut();
    const toast = toastWith(page, title);
    await expect(toast).toBeVisible();
    await expectFits(page, toast, 'manage: the toast after a bulk change');
    await expectTappable(toast.getByRole('button', { name: 'Undo' }), "manage: the toast's Undo");
    await toast.getByRole('button', { name: 'Undo' }).tap();
    await expect(toastWith(page, 'Undone')).toContainText(`Undid "${title}": 2 products restored.`);

    await markOut();
    await expect(toastWith(page, title)).toBeVisible();
    await page.goto('/dashboard/overview');
    const activity = page.getByRole('region', { name: 'Recent activity' });
    const [a, b] = products.map((product) => product.id).sort((x, y) => x - y);
    const undo = activity.getByRole('button', { name: new RegExp(`^Undo: ${title} \\(ids (${a}, ${b}|${b}, ${a})\\)$`) });
    await expectFits(page, activity, 'overview: Recent activity with an Undo');
    await expectTappable(undo, "overview: Recent activity's Undo");
    await undo.tap();
    await expect(toastWith(page, 'Undone')).toBeVisible();
    const stock = await page.request.get(`/api/admin/products?category=${shelf.slug}`);
    expect(((await stock.json()) as { rows: { inStock: boolean }[] }).rows.every((row) => row.inStock)).toBe(true);
  });

  test('add products: the CSV preview scrolls inside its box, with its filter and buttons a finger can hit', async ({ page }) => {
    await page.goto('/add-product');
    const tab = page.getByRole('tab', { name: 'CSV Import' });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const long = `https://www.example.com/${'a-very-long-path-segment-'.repeat(8)}phone-${nonce}`;
    const csv = [
      'affiliate_link,title,price,description',
      `${long},Phone Preview Roller With A Long Name That Does Not Fit ${nonce},19.99,A roller`,
      `,Phone Preview Row Without A Link ${nonce},9.99,No link`,
    ].join('\n');
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('region', { name: 'Preview rows' });
    await expect(preview.locator('tbody tr[data-state="error"]')).toHaveCount(1);
    await expect(preview).toHaveCSS('overflow-x', 'auto');
    await expectFits(page, page.locator('body'), 'add products: CSV preview');
    const errorsOnly = page.getByRole('button', { name: 'Errors only' });
    await expectTappable(errorsOnly, "CSV preview: 'Errors only'");
    await errorsOnly.tap();
    await expect(errorsOnly).toHaveAttribute('aria-pressed', 'true');
    await expect(preview.locator('tbody tr')).toHaveCount(1);
    await expectFits(page, page.locator('body'), 'add products: CSV preview, errors only');
    await expectTappable(page.getByRole('button', { name: /^Import \d/ }), 'CSV preview: Import');
  });

  test('analytics: the report import preview fits, its rows scroll inside their box', async ({ page }) => {
    await page.goto('/dashboard/analytics?tab=reports');
    await expect(page.getByRole('tab', { name: 'Report import' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Other' });
    const csv = ['Order ID,Product,Amount,Earned,State', `PHONE-${nonce}-1,${products[0]!.id},50.00,4.00,approved`, `PHONE-${nonce}-2,NO-SUCH-CODE-${'X'.repeat(60)},20.00,four,pending`].join('\n');
    await page.getByLabel('Report file', { exact: true }).setInputFiles({ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
    await expectFits(page, page.locator('body'), 'analytics: report column mapping');
    await page.getByLabel('Commission (required)', { exact: true }).selectOption('Earned');
    await page.getByLabel('Product code (ASIN, SKU or product id)', { exact: true }).selectOption('Product');
    const previewButton = page.getByRole('button', { name: 'Preview rows' });
    await expectTappable(previewButton, 'report import: Preview rows');
    await previewButton.tap();
    await expect(page.getByRole('status').filter({ hasText: 'Preview complete' })).toHaveText('Preview complete: 2 rows, 1 to import');
    const rows = page.getByRole('region', { name: 'Report rows' });
    await expect(rows.locator('tbody tr')).toHaveCount(2);
    await expect(rows).toHaveCSS('overflow-x', 'auto');
    await expectFits(page, page.locator('body'), 'analytics: report import preview');
    await expectTappable(page.getByRole('button', { name: 'Import 1 row' }), 'report import: Import');
  });

  test("analytics: a network's rotate-token confirmation fits and is cancelled", async ({ page }) => {
    const token = await page.request.post(`/api/admin/revenue-networks/${NETWORK}/token`, { data: {} });
    expect(token.status()).toBeLessThan(300);
    await page.goto('/dashboard/analytics?tab=networks');
    await expect(page.getByRole('tab', { name: 'Networks' })).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    await expectFits(page, page.locator('body'), 'analytics: networks with a token');
    await page.getByRole('button', { name: /^Rotate token of Partnerize/i }).tap();
    const dialog = page.getByRole('alertdialog', { name: /^Rotate the token of Partnerize/i });
    await expectDialogFits(page, dialog, 'analytics: rotate-token confirmation');
    await closeByButton(dialog, 'analytics: rotate-token confirmation');
  });

  test("pinterest: the bulk bar's Edit and Reschedule popovers and its delete confirmation", async ({ page }) => {
    const boards = (await (await page.request.get('/api/admin/pinterest/boards')).json()) as { boards: { id: string }[] };
    const titles = [`Phone pin A ${nonce}`, `Phone pin B ${nonce}`];
    for (const title of titles) {
      // Scheduled far ahead, not drafts: admin-pinterest counts the drafts.
      const response = await page.request.post('/api/admin/pins', {
        data: { source: { type: 'product', id: products[0]!.id }, title, imageUrl: '/images/og-default.jpg', boardId: boards.boards[0]!.id, publish: 'schedule', publishAt: '2099-01-01T09:00:00.000Z' },
      });
      expect(response.status(), await response.text()).toBe(201);
      madePins.push(((await response.json()) as { pin: { id: number } }).pin.id);
    }
    await page.goto('/dashboard/pinterest?status=scheduled');
    await expect(sectionHeading(page, 'Pinterest')).toBeVisible();
    const table = page.getByRole('table', { name: 'Pins' });
    for (const title of titles) await table.getByLabel(`Select pin ${title}`).check();
    const bar = page.getByRole('group', { name: 'Bulk actions' });
    await expect(bar.getByText('2 pins selected')).toBeVisible();
    await expectFits(page, page.locator('body'), 'pinterest: two pins selected');

    for (const name of ['Edit', 'Reschedule']) {
      await bar.getByRole('button', { name, exact: true }).tap();
      const popover = page.getByRole('dialog', { name });
      await expectDialogFits(page, popover, `pinterest: bulk ${name} popover`);
      await page.keyboard.press('Escape');
      await expect(popover).toBeHidden();
    }
    await bar.getByRole('button', { name: 'Delete', exact: true }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 pins?' });
    await expectDialogFits(page, confirm, 'pinterest: bulk delete confirmation');
    await closeByButton(confirm, 'pinterest: bulk delete confirmation');
  });

  test("add by link: 'Already in the catalogue' with its button, and the warning beside the field after a failed read", async ({ page }) => {
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/admin/products/from-link') && response.status() === 201) {
        const body = (await response.json()) as { product?: { id: number } };
        if (body.product) madeProducts.push(body.product.id);
      }
    });
    await page.goto('/add-product');
    const link = page.getByRole('textbox', { name: 'Affiliate link' });
    await expect(link).toBeVisible();
    await link.fill(`${listedLink()}&utm_source=phone`);
    await page.getByRole('button', { name: 'Add product from link' }).tap();
    const existing = page.getByRole('region', { name: 'Already in the catalogue' });
    await expect(existing).toContainText(`"Phone Listed Block ${nonce}" already has this link.`);
    await expectFits(page, page.locator('body'), "add by link: 'Already in the catalogue'");
    const open = existing.getByRole('button', { name: 'Open the existing product' });
    await expectTappable(open, "add by link: 'Open the existing product'");
    await open.tap();
    // The editor takes the tab's place.
    await expect(page.getByRole('textbox', { name: 'Product name (required)' })).toHaveValue(`Phone Listed Block ${nonce}`);
    await settled(page);
    await expectFits(page, page.locator('body'), 'add by link: the existing product in the editor');

    await page.goto('/add-product');
    await link.fill(shop(`/pages/short-page.html?variant=phone-${nonce}`));
    await page.getByRole('button', { name: 'Add product from link' }).tap();
    const warning = page.getByRole('alert').filter({ hasText: 'The product page could not be read' });
    await expect(warning).toBeVisible();
    await expectFits(page, page.locator('body'), 'add by link: the warning after a failed read');
    const box = await warning.boundingBox();
    expect(box!.x >= 0 && box!.x + box!.width <= page.viewportSize()!.width + 0.5, 'the warning lies inside the screen').toBe(true);
  });

  test('the image upload buttons: hero manager in URL mode and the product editor', async ({ page }) => {
    await openScreen(page, 'hero-image');
    await page.getByRole('radio', { name: 'Image URL' }).check();
    await expectFits(page, page.locator('body'), 'hero image: URL mode');
    await expectTappable(page.getByRole('button', { name: 'Upload hero image' }), 'hero image: Upload hero image');

    await page.goto(`/dashboard/products?search=${encodeURIComponent(products[0]!.name)}`);
    await expect(sectionHeading(page, 'Products')).toBeVisible();
    await main(page).getByRole('button', { name: `Edit ${products[0]!.name}` }).first().tap();
    const editor = page.getByRole('dialog');
    await expectDialogFits(page, editor, 'products: the editor');
    await expectTappable(editor.getByRole('button', { name: 'Upload image', exact: true }), 'product editor: Upload image');
    await expectTappable(editor.getByRole('button', { name: 'Upload gallery image' }), 'product editor: Upload gallery image');
    await closeByButton(editor, 'products: the editor');
  });
});
