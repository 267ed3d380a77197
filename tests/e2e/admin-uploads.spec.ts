/**
 * Uploading images through the admin panel in Chromium: a hero image chosen as a file (a PNG named photo.jpg, stored and
 * served as the PNG it is) fills the URL, shows in the preview and is saved; the hero picker offers no image with the
 * headline drawn in; a product image uploaded in the Manual Form is served without its EXIF and shows on the public
 * product page after the rebuild.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, sectionHeading, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

const MEDIA_URL = /^\/media\/[0-9a-f]{64}\.(jpg|png|webp|avif)$/;

/** Chooses a file in the picker the button opens, as a person would. */
async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test.describe('uploads as an admin', () => {
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  test('a hero image uploaded as a file is read as what it is, previewed and saved', async ({ page }) => {
    const original = await (await page.request.get('/api/admin/settings/hero')).json();
    try {
      await page.goto('/dashboard/hero-image');
      await expect(sectionHeading(page, 'Hero Image')).toBeVisible();

      await page.getByRole('radio', { name: 'Site image' }).check();
      const options = await page.getByRole('combobox', { name: 'Site image' }).locator('option').allTextContents();
      expect(options.join(' ')).not.toMatch(/og-default|share/i);

      await page.getByRole('radio', { name: 'Image URL' }).check();
      const png = await sharp({ create: { width: 1600, height: 700, channels: 3, background: '#2f6f6a' } }).png().toBuffer();
      await chooseFile(page, 'Upload hero image', { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: png });
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Image uploaded' })).toBeVisible();
      const url = page.getByRole('textbox', { name: 'Image URL' });
      await expect(url).toHaveValue(/^\/media\/[0-9a-f]{64}\.png$/);
      const mediaUrl = await url.inputValue();
      const preview = page.getByRole('region', { name: 'Preview of the home page hero' });
      await expect(preview).toHaveAttribute('data-hero-mode', 'image');
      await expect(preview.locator(`img[src="${mediaUrl}"]`)).toBeAttached();

      await page.getByRole('textbox', { name: 'Alt text' }).fill('A calm teal wall in a home gym');
      await page.getByRole('button', { name: 'Save hero image' }).click();
      await expect(page.getByText('Hero image saved')).toBeVisible();
      const saved = await (await page.request.get('/api/admin/settings/hero')).json();
      expect(saved.hero).toEqual({ type: 'image', url: mediaUrl, alt: 'A calm teal wall in a home gym' });

      const served = await page.request.get(mediaUrl);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');
      expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      const restore = original.hero.type === 'none' ? { type: 'none' } : original.hero;
      expect((await page.request.put('/api/admin/settings/hero', { data: restore })).status()).toBe(200);
    }
  });

  test('a file that is not an image is refused with the reason, and the URL is left as it was', async ({ page }) => {
    await page.goto('/dashboard/hero-image');
    await page.getByRole('radio', { name: 'Image URL' }).check();
    const url = page.getByRole('textbox', { name: 'Image URL' });
    await url.fill('https://cdn.example.com/kept.jpg');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await chooseFile(page, 'Upload hero image', { name: 'image.png', mimeType: 'image/png', buffer: svg });
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Image not uploaded' })).toContainText('Only JPEG, PNG, WebP and AVIF images can be uploaded.');
    await expect(url).toHaveValue('https://cdn.example.com/kept.jpg');
  });

  test('a product image uploaded in the Manual Form is served without EXIF and shows on the product page', async ({ page }) => {
    test.setTimeout(REBUILD_TIMEOUT + 120_000);
    const stamp = Date.now().toString(36);
    const name = `Uploaded Photo Roller ${stamp}`;
    const slug = `uploaded-photo-roller-${stamp}`;
    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();

    await page.goto('/add-product');
    const trigger = page.getByRole('tab', { name: 'Manual Form' });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: 'Product name (required)' }).fill(name);
    await page.getByRole('textbox', { name: 'Affiliate URL (required)' }).fill('https://www.amazon.com/Roller/dp/B0E2EUPLD1');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('published');
    await chooseFile(page, 'Upload image', { name: 'roller.jpeg', mimeType: 'image/jpeg', buffer: photo });
    const imageUrl = page.getByRole('textbox', { name: 'Image URL' });
    await expect(imageUrl).toHaveValue(MEDIA_URL);
    const mediaUrl = await imageUrl.inputValue();
    await chooseFile(page, 'Upload gallery image', { name: 'roller.jpeg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('textbox', { name: 'Gallery image 1' })).toHaveValue(mediaUrl);
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Product created successfully' })).toContainText(`/product/${slug}`);

    const served = await page.request.get(mediaUrl);
    expect(served.headers()['content-type']).toBe('image/jpeg');
    const metadata = await sharp(await served.body()).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 900, height: 900 });
    expect(metadata.exif).toBeUndefined();

    const html = await publishedHtml(page, `/product/${slug}`, name);
    expect(html).toContain(mediaUrl);
    const shopper = await page.context().newPage();
    await shopper.goto(`/product/${slug}`);
    const image = shopper.locator(`img[src="${mediaUrl}"]`).first();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBe(900);
    await shopper.close();
  });
});
