/**
 * The hero picker offers only artwork without words: the home hero draws its own headline over the image, and an image
 * with text drawn in would say it twice. Raster images cannot be read for text here, so only SVG artwork whose markup
 * holds no text (nor an embedded picture or HTML that could) is offered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heroFormFrom, heroSiteImages } from '../../src/domain/admin/hero.ts';

const publicFile = (url: string) => readFileSync(join(import.meta.dirname, '../../public', url), 'utf8');

describe('the hero picker’s site images', () => {
  it('are SVG artwork with no text, embedded image or HTML in it', () => {
    expect(heroSiteImages.length).toBeGreaterThan(0);
    for (const image of heroSiteImages) {
      expect(image.url, image.url).toMatch(/^\/images\/[\w-]+\.svg$/);
      const svg = publicFile(image.url);
      expect(svg).toContain('<svg');
      expect(svg, image.url).not.toMatch(/<(text|tspan|textPath|image|foreignObject)\b/i);
    }
  });

  it('leave out the share image, whose headline and logo are drawn in', () => {
    expect(heroSiteImages.map((image) => image.url)).not.toContain('/images/og-default.jpg');
  });

  it('still show a hero saved earlier with the share image, as a URL', () => {
    const form = heroFormFrom({ type: 'image', url: '/images/og-default.jpg', alt: 'Repwell' });
    expect(form).toMatchObject({ mode: 'url', url: '/images/og-default.jpg', alt: 'Repwell' });
  });
});
