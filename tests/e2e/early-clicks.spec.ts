/**
 * No control is shown before it works (issue 8 point 1, spec section 9): a click made before a
 * control's script is ready is served without JavaScript, carried out once the script is ready,
 * or impossible because the control is disabled until then.
 *
 * Each test holds every script of the site (/_astro/*.js: the islands' code and the module
 * scripts) until the click has been made, so the click lands before any island hydrates or module
 * script runs, deterministically rather than by racing the page. Module scripts defer
 * DOMContentLoaded, so holding them holds that event too: the clicks are made as soon as the
 * control is on screen, which is earlier still. Then the scripts are released and the outcome is
 * checked, at 1280 px with this machine's CPU, as a desktop, and at 390 px with it slowed 4×, as a
 * phone. The two speeds order the held click, the scripts' start and the island's hydration
 * differently, and each order must end in the outcome. The phone's slowdown costs CPU, not only
 * time: Chromium's throttler keeps the page's main thread spinning while it is held back
 * (thread_cpu_throttler.cc), so a slowed test spends more CPU than a fast one, not less.
 *
 * The census below checks that every visible control on every public page type is served one of
 * these ways; the table checks what each control does after an early click.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { holdScripts, slowCpu } from './script-timing.ts';

type Viewport = 'desktop' | 'phone';
const VIEWPORTS: Record<Viewport, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/**
 * How a control is served before its script runs:
 * - replayed: the click is held (busy cursor, aria-busy) and carried out once the island has
 *   hydrated or the module script marked it ready (src/lib/early-clicks.ts);
 * - without JS: a link or a form that does the job with no script at all;
 * - disabled: shown disabled until its script enables it.
 */
type Served = 'replayed' | 'without JS' | 'disabled';

interface Row {
  page: string;
  control: string;
  served: Served;
  viewports: Viewport[];
  /** Signed in as the e2e reader; `fresh` signs in a session of its own (Sign Out ends it). */
  signedIn?: 'shared' | 'fresh';
  /** Leaves the cookie banner up (its own rows). */
  banner?: boolean;
  /** Made before any script has run. */
  act: (page: Page) => Promise<void>;
  /** Checked after the scripts are released. */
  outcome: (page: Page) => Promise<void>;
}

const LONG = { timeout: 60_000 };
const POST = '/blog/beginner-home-gym-setup';
const GUIDE = '/guides/recovery-routines';
const CATEGORY = '/products?category=recovery-wellness';
const TOP_PICKS = '/products?featured=true';

/** Clicks and checks the click was held: it landed before the control's script was ready. */
async function earlyClick(locator: Locator): Promise<void> {
  await locator.click();
  await expect(locator).toHaveAttribute('aria-busy', 'true');
}

const toast = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible(LONG);

async function productPath(browser: Browser, baseURL: string): Promise<string> {
  const page = await browser.newPage({ baseURL });
  await page.route(/\/_astro\/.*\.js/, (route) => route.abort());
  await page.goto('/products');
  const href = await page.locator('a[href^="/product/"]').first().getAttribute('href');
  await page.close();
  if (!href) throw new Error('The catalogue lists no product.');
  return href;
}

let PRODUCT = '';

const rows: Row[] = [
  // Site chrome, on several page types.
  {
    page: '/',
    control: 'mobile menu button',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Open menu' })),
    outcome: (page) => expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible(LONG),
  },
  {
    page: GUIDE,
    control: 'mobile menu button',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Open menu' })),
    outcome: (page) => expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Browse Categories' })).toBeVisible(LONG),
  },
  {
    page: '/',
    control: 'mega menu Guides',
    served: 'replayed',
    viewports: ['desktop'],
    act: (page) => earlyClick(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Guides' })),
    outcome: (page) => expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Recovery Routines/ })).toBeVisible(LONG),
  },
  {
    page: POST,
    control: 'mega menu Blog Articles',
    served: 'replayed',
    viewports: ['desktop'],
    act: (page) => earlyClick(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Blog Articles' })),
    outcome: (page) => expect(page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Blog Articles' })).toBeVisible(LONG),
  },
  {
    page: '/about',
    control: 'header search',
    served: 'without JS',
    viewports: ['phone'],
    act: async (page) => {
      await page.getByRole('searchbox', { name: 'Search products' }).fill('foam roller');
      await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    },
    outcome: (page) => expect(page).toHaveURL(/\/products\/?\?search=foam\+roller$/, LONG),
  },
  {
    page: '/',
    control: 'cookie banner Accept',
    served: 'replayed',
    viewports: ['desktop', 'phone'],
    banner: true,
    act: (page) => earlyClick(page.getByRole('region', { name: 'Cookie Consent' }).getByRole('button', { name: 'Accept' })),
    outcome: async (page) => {
      await expect(page.getByRole('region', { name: 'Cookie Consent' })).toBeHidden(LONG);
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');
    },
  },
  {
    page: '/contact',
    control: 'cookie banner Decline',
    served: 'replayed',
    viewports: ['phone'],
    banner: true,
    act: (page) => earlyClick(page.getByRole('region', { name: 'Cookie Consent' }).getByRole('button', { name: 'Decline' })),
    outcome: async (page) => {
      await expect(page.getByRole('region', { name: 'Cookie Consent' })).toBeHidden(LONG);
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');
    },
  },
  {
    page: '/about',
    control: 'cookie banner close icon',
    served: 'replayed',
    viewports: ['desktop'],
    banner: true,
    act: (page) => earlyClick(page.getByRole('button', { name: 'Close cookie banner' })),
    outcome: async (page) => {
      await expect(page.getByRole('region', { name: 'Cookie Consent' })).toBeHidden(LONG);
      expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('declined');
    },
  },
  {
    page: '/wishlist',
    control: 'account bar Sign Out',
    served: 'replayed',
    viewports: ['desktop', 'phone'],
    signedIn: 'fresh',
    act: (page) => earlyClick(page.getByRole('button', { name: 'Sign Out' }).first()),
    outcome: async (page) => {
      await expect(page).toHaveURL(/\/$/, LONG);
      await toast(page, 'Signed out successfully');
    },
  },
  {
    page: '/bookmarks',
    control: 'header Sign Out',
    served: 'replayed',
    viewports: ['desktop'],
    signedIn: 'fresh',
    act: (page) => earlyClick(page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' })),
    outcome: async (page) => {
      await expect(page).toHaveURL(/\/$/, LONG);
      await toast(page, 'Signed out successfully');
    },
  },
  {
    page: '/wishlist',
    control: 'header account links',
    served: 'without JS',
    viewports: ['desktop'],
    signedIn: 'shared',
    act: (page) => page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Bookmarks' }).click(),
    outcome: async (page) => {
      await expect(page).toHaveURL(/\/bookmarks$/, LONG);
      await expect(page.getByRole('heading', { name: 'My Bookmarks' })).toBeVisible(LONG);
    },
  },

  // Home.
  {
    page: '/',
    control: 'product card Save',
    served: 'replayed',
    viewports: ['desktop', 'phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: /^Save: / }).first()),
    outcome: (page) => toast(page, 'Please log in to add items to your wishlist.'),
  },

  // Catalogue.
  {
    page: '/products',
    control: 'Start Quiz',
    served: 'replayed',
    viewports: ['desktop', 'phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Start Quiz' })),
    outcome: (page) => expect(page.getByRole('dialog', { name: 'Product Recommendation Quiz' })).toBeVisible(LONG),
  },
  {
    page: '/products',
    control: 'Filters drawer',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Filters', exact: true })),
    outcome: (page) => expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible(LONG),
  },
  {
    page: '/products',
    control: 'category chips More',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'More' })),
    outcome: (page) => expect(page.getByRole('dialog')).toBeVisible(LONG),
  },
  {
    page: '/products',
    control: 'Budget Range preset',
    served: 'replayed',
    viewports: ['desktop'],
    act: (page) => earlyClick(page.getByRole('button', { name: /^Mid-Range/ })),
    outcome: async (page) => {
      await expect(page).toHaveURL(/max_price=150/, LONG);
      await expect(page.getByRole('button', { name: /^Mid-Range/ })).toHaveAttribute('aria-pressed', 'true');
    },
  },
  {
    page: '/products',
    control: 'catalogue card Save',
    served: 'replayed',
    viewports: ['desktop'],
    act: (page) => earlyClick(page.getByRole('button', { name: /^Save: / }).first()),
    outcome: (page) => toast(page, 'Please log in to add items to your wishlist.'),
  },
  {
    page: CATEGORY,
    control: 'Availability checkbox',
    served: 'replayed',
    viewports: ['desktop'],
    act: async (page) => {
      const box = page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: 'Out of Stock' });
      await box.click();
      // Held: the box does not change until the island can act on it.
      await expect(box).not.toBeChecked();
      await expect(box).toHaveAttribute('aria-busy', 'true');
    },
    outcome: async (page) => {
      await expect(page).toHaveURL(/availability=[^&]*out-of-stock/, LONG);
      await expect(page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: 'Out of Stock' })).toBeChecked();
    },
  },
  {
    page: CATEGORY,
    control: 'Filters drawer',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Filters', exact: true })),
    outcome: (page) => expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible(LONG),
  },
  {
    page: TOP_PICKS,
    control: 'carousel Next',
    served: 'replayed',
    viewports: ['desktop', 'phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: "Next Editor's Choice" })),
    outcome: (page) =>
      expect(page.getByRole('region', { name: "Editor's Choice" }).getByRole('button', { name: /^Page 2 of / })).toHaveAttribute('aria-current', 'true', LONG),
  },
  {
    page: TOP_PICKS,
    control: 'carousel dot',
    served: 'replayed',
    viewports: ['desktop'],
    act: (page) => earlyClick(page.getByRole('region', { name: 'Highest Rated' }).getByRole('button', { name: /^Page 2 of / })),
    outcome: (page) =>
      expect(page.getByRole('region', { name: 'Highest Rated' }).getByRole('button', { name: /^Page 2 of / })).toHaveAttribute('aria-current', 'true', LONG),
  },

  // Product page.
  {
    page: 'PRODUCT',
    control: 'Share menu',
    served: 'replayed',
    viewports: ['desktop', 'phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Share' })),
    outcome: (page) => expect(page.getByRole('menuitem', { name: 'Facebook' })).toBeVisible(LONG),
  },
  {
    page: 'PRODUCT',
    control: 'Save',
    served: 'replayed',
    viewports: ['desktop'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Save', exact: true })),
    outcome: (page) => toast(page, 'Please log in to add items to your wishlist.'),
  },

  // Blog, posts and guides.
  {
    page: '/blog',
    control: 'blog search',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => page.getByRole('searchbox', { name: /Search blog posts/i }).fill('zzzz no such post'),
    outcome: (page) => expect(page.getByText('No posts found')).toBeVisible(LONG),
  },
  {
    page: POST,
    control: 'Bookmark',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => earlyClick(page.getByRole('button', { name: 'Bookmark' })),
    outcome: (page) => toast(page, 'Please log in to bookmark posts.'),
  },
  {
    page: POST,
    control: 'Share',
    served: 'disabled',
    viewports: ['desktop'],
    act: (page) => expect(page.getByRole('button', { name: 'Share' })).toBeDisabled(),
    outcome: async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Share' }).click(LONG);
      await toast(page, 'The post link has been copied to your clipboard.');
    },
  },
  {
    page: GUIDE,
    control: 'links to other guides',
    served: 'without JS',
    viewports: ['phone'],
    act: (page) => page.getByRole('main').getByRole('link', { name: 'Injury Prevention', exact: true }).click(),
    outcome: (page) => expect(page).toHaveURL(/\/guides\/injury-prevention$/, LONG),
  },

  // Information pages, sign-in and the per-user lists.
  {
    page: '/about',
    control: 'View Our Top Picks',
    served: 'without JS',
    viewports: ['desktop'],
    act: (page) => page.getByRole('link', { name: 'View Our Top Picks' }).click(),
    outcome: (page) => expect(page).toHaveURL(/\/products\/?\?featured=true$/, LONG),
  },
  {
    page: '/contact',
    control: 'contact form',
    served: 'disabled',
    viewports: ['desktop', 'phone'],
    act: async (page) => {
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
      // Typed before the form hydrated: the island must still send it.
      await page.getByLabel('First Name').fill('Early');
      await page.getByLabel('Last Name').fill('Reader');
      await page.getByLabel('Email').fill('early.reader@example.com');
      await page.getByLabel('Subject').fill('Typed before the form was ready');
      await page.getByRole('textbox', { name: 'Message' }).fill('This message was typed before the contact form hydrated.');
    },
    outcome: async (page) => {
      await page.getByRole('button', { name: 'Send Message' }).click(LONG);
      await toast(page, 'Message sent successfully!');
    },
  },
  {
    page: '/auth',
    control: 'sign-in form',
    served: 'replayed',
    viewports: ['desktop', 'phone'],
    act: async (page) => {
      await page.getByLabel('Email').fill(e2eAccounts.user.email);
      await page.getByLabel('Password').fill(e2eAccounts.user.password);
      await earlyClick(page.getByRole('button', { name: 'Sign In', exact: true }));
    },
    outcome: (page) => expect(page).toHaveURL(/\/dashboard\/?$/, LONG),
  },
  {
    page: '/auth',
    control: 'Create Account tab',
    served: 'replayed',
    viewports: ['phone'],
    act: (page) => earlyClick(page.getByRole('tab', { name: 'Create Account' })),
    outcome: (page) => expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true', LONG),
  },
];

interface Session {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  user: unknown;
}

/** Signs the reader in through the API, as the sign-in form does. */
async function signIn(browser: Browser, baseURL: string): Promise<Session> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/auth/sign-in', {
    data: { email: e2eAccounts.user.email, password: e2eAccounts.user.password },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: unknown };
  const session = { cookies: await context.cookies(), user };
  await context.close();
  return session;
}

async function useSession(context: BrowserContext, session: Session): Promise<void> {
  await context.addCookies(session.cookies);
  // The header shows the signed-in links before any script from the last known user (AuthBootstrap).
  await context.addInitScript((user) => localStorage.setItem('repwell-user', JSON.stringify(user)), session.user);
}

let shared: Session | undefined;

for (const viewport of ['desktop', 'phone'] as const) {
  test.describe(`early clicks at ${VIEWPORTS[viewport].width} px`, () => {
    test.use({ viewport: VIEWPORTS[viewport] });

    for (const row of rows.filter((entry) => entry.viewports.includes(viewport))) {
      test(`${row.page === 'PRODUCT' ? '/product/{slug}' : row.page}: ${row.control} (${row.served})`, async ({ page, browser, baseURL }) => {
        // A phone's 4× slower CPU on a shared two-core machine: pages take many seconds to hydrate.
        test.setTimeout(150_000);
        if (!baseURL) throw new Error('No baseURL.');
        if (row.page === 'PRODUCT' && !PRODUCT) PRODUCT = await productPath(browser, baseURL);
        if (!row.banner) await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
        if (row.signedIn === 'fresh') await useSession(page.context(), await signIn(browser, baseURL));
        if (row.signedIn === 'shared') await useSession(page.context(), (shared ??= await signIn(browser, baseURL)));

        if (viewport === 'phone') await slowCpu(page);
        const release = await holdScripts(page);
        await page.goto(row.page === 'PRODUCT' ? PRODUCT : row.page, { waitUntil: 'commit' });
        await row.act(page);
        release();
        await row.outcome(page);
      });
    }
  });
}

/**
 * Astro fires astro:hydrate once it has handed the island to React, and React hydrates afterwards, in a transition: on
 * a busy machine, Enter pressed in a field typed into before hydration can land in between. The click is made in that
 * very moment, from the event itself, so the test does not depend on how long React takes.
 */
test('a sign-in sent after Astro hydrated the form but before React took it over still goes, with what was typed', async ({ page }) => {
  test.setTimeout(150_000);
  const release = await holdScripts(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(e2eAccounts.user.email);
  await page.getByLabel('Password').fill(e2eAccounts.user.password);
  await page.evaluate(() => {
    const clickOnHydrate = (event: Event) => {
      const submit = event.target instanceof Element ? event.target.querySelector<HTMLButtonElement>('form[aria-label="Sign in"] button[type="submit"]') : null;
      if (!submit) return;
      document.removeEventListener('astro:hydrate', clickOnHydrate, true);
      submit.click();
    };
    document.addEventListener('astro:hydrate', clickOnHydrate, true);
  });
  release();
  await expect(page).toHaveURL(/\/dashboard\/?$/, LONG);
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

/** The public page types, with the controls each shows. */
const PAGES = ['/', '/products', CATEGORY, TOP_PICKS, 'PRODUCT', '/blog', POST, GUIDE, '/about', '/contact', '/auth', '/wishlist', '/bookmarks'];

test.describe('census: every visible control is served before its script runs', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    test(`at ${VIEWPORTS[viewport].width} px`, async ({ page, browser, baseURL }) => {
      test.setTimeout(150_000);
      if (!baseURL) throw new Error('No baseURL.');
      if (!PRODUCT) PRODUCT = await productPath(browser, baseURL);
      await page.setViewportSize(VIEWPORTS[viewport]);
      await useSession(page.context(), (shared ??= await signIn(browser, baseURL)));
      // Scripts never arrive: what is on screen now must already be served one of the three ways. They are held rather
      // than refused: a refused chunk is what a deploy leaves, and the page would reload to recover (chunk-recovery.ts).
      await page.route(/\/_astro\/[^?]*\.js(\?.*)?$/, () => undefined);
      const unserved: string[] = [];
      for (const path of PAGES) {
        await page.goto(path === 'PRODUCT' ? PRODUCT : path, { waitUntil: 'commit' });
        await page.getByRole('contentinfo').waitFor({ state: 'attached' });
        const found = await page.evaluate(() => {
          const controls = document.querySelectorAll<HTMLElement>(
            'a, button, input, select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="menuitem"], [tabindex]:not([tabindex="-1"])',
          );
          const problems: string[] = [];
          for (const control of controls) {
            if (!control.checkVisibility({ visibilityProperty: true }) || control.closest('[hidden], [inert]')) continue;
            const link = control instanceof HTMLAnchorElement && control.hasAttribute('href');
            const form = control.closest('form[action]') !== null && !control.closest('astro-island');
            const disabled = control.matches(':disabled');
            const held = control.closest('[data-await-script], astro-island[ssr]') !== null;
            // A <details> element's summary opens it without any script (the browser's own disclosure widget).
            const disclosure = control.matches('details > summary:first-of-type') && !control.closest('astro-island');
            // A focusable scroll frame (a comparison table's, in posts and guides) scrolls with the keyboard without any script.
            const scrollFrame = control.matches('[role="region"][tabindex="0"]') && !control.closest('astro-island');
            if (link || form || disabled || held || disclosure || scrollFrame) continue;
            if (control.matches('main, #main-content')) continue;
            problems.push(`${control.outerHTML.slice(0, 160)}`);
          }
          return problems;
        });
        unserved.push(...found.map((problem) => `${path}: ${problem}`));
      }
      expect(unserved).toEqual([]);
    });
  }
});
