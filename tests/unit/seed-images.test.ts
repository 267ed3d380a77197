import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const images = join(import.meta.dirname, '../../public/images');

function svgFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return svgFiles(path);
    return entry.name.endsWith('.svg') ? [path] : [];
  });
}

const all = svgFiles(images);
const productFiles = svgFiles(join(images, 'products'));

describe('site images', () => {
  it('include the hero, the placeholder, and product and blog illustrations', () => {
    const names = all.map((path) => path.slice(images.length + 1));
    expect(names).toContain('hero.svg');
    expect(names).toContain('placeholder.svg');
    expect(productFiles.length).toBeGreaterThan(100);
    expect(names.some((name) => name.startsWith('blog/'))).toBe(true);
  });

  it('declare width, height and a viewBox, so layouts do not shift', () => {
    for (const path of all) {
      const opening = /<svg[^>]*>/.exec(readFileSync(path, 'utf8'))?.[0] ?? '';
      expect(opening, path).toMatch(/ width="\d+"/);
      expect(opening, path).toMatch(/ height="\d+"/);
      expect(opening, path).toMatch(/ viewBox="0 0 \d+ \d+"/);
    }
  });

  it('draw the hero wide, at 1600 x 700', () => {
    expect(readFileSync(join(images, 'hero.svg'), 'utf8')).toContain('viewBox="0 0 1600 700"');
  });

  it('request nothing from another host', () => {
    for (const path of all) {
      const text = readFileSync(path, 'utf8').replace('xmlns="http://www.w3.org/2000/svg"', '');
      expect(text, path).not.toMatch(/https?:|<image|@import|xlink:href/);
    }
  });

  it('stay small: under 4 KB a product image and under 1 MB for the folder', () => {
    const sizes = productFiles.map((path) => statSync(path).size);
    expect(Math.max(...sizes)).toBeLessThan(4096);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(1024 * 1024);
  });
});
