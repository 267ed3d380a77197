/**
 * The home page hero, interpreted from the `hero_image` settings record (spec sections 3 and 4).
 * The stored value may be a plain URL string, `{ url, alt? }`, `{ type: 'image', url, alt? }`
 * or `{ type: 'color', color? }`; anything else means no hero background.
 */

export type Hero =
  | { kind: 'image'; url: string; alt: string }
  /** `color` is null when the record asks for a colour but gives none: show the muted default. */
  | { kind: 'color'; color: string | null }
  | { kind: 'none' };

export const HERO_SETTING_ID = 'hero_image';

/** The image is decorative behind the headline, so an empty alt is the safe default. */
const DEFAULT_ALT = '';

// Values end up in an <img src> and a style attribute: only same-site paths and http(s) URLs,
// and only plain colour syntax, so a stored value cannot smuggle in other CSS or URL schemes.
const SAFE_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>\\]*$/i;
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgba?|hsla?|oklch|oklab|lab|lch)\([0-9a-z\s.,%/+-]*\))$/i;

export function isSafeImageUrl(url: string): boolean {
  return SAFE_URL.test(url);
}

export function isSafeColor(color: string): boolean {
  return SAFE_COLOR.test(color);
}

function imageHero(url: unknown, alt: unknown): Hero {
  if (typeof url !== 'string') return { kind: 'none' };
  const trimmed = url.trim();
  if (!trimmed || !isSafeImageUrl(trimmed)) return { kind: 'none' };
  return { kind: 'image', url: trimmed, alt: typeof alt === 'string' ? alt.trim() : DEFAULT_ALT };
}

export function interpretHero(value: unknown): Hero {
  if (typeof value === 'string') return imageHero(value, undefined);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'none' };
  const record = value as Record<string, unknown>;
  if (record['type'] === 'color') {
    const color = typeof record['color'] === 'string' ? record['color'].trim() : '';
    return { kind: 'color', color: color && isSafeColor(color) ? color : null };
  }
  if (record['type'] === undefined || record['type'] === 'image') return imageHero(record['url'], record['alt']);
  return { kind: 'none' };
}

/** Parses `#rgb`, `#rrggbb` (alpha ignored) or `rgb(r, g, b)` into 0–255 channels; other syntax gives null. */
function parseRgb(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(color);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = Math.min(255, channel) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * Whether the headline over this hero should be light or dark text. Images get a dark overlay and
 * the muted default is light; a given colour gets whichever text contrasts more (WCAG ratio against
 * white and near-black). Colours we cannot parse (names, hsl) are assumed dark, with light text.
 */
export function heroTextTone(hero: Hero): 'light' | 'dark' {
  if (hero.kind === 'image') return 'light';
  if (hero.kind === 'none' || hero.color === null) return 'dark';
  const rgb = parseRgb(hero.color);
  if (!rgb) return 'light';
  const l = luminance(rgb);
  const againstWhite = 1.05 / (l + 0.05);
  const againstDark = (l + 0.05) / 0.05;
  return againstDark > againstWhite ? 'dark' : 'light';
}
