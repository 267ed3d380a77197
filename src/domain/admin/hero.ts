/**
 * GET and PUT /api/admin/settings/hero, and the hero manager's form (issue 10, point 7). The stored value keeps the
 * spec's shape (section 3: `{ type: 'image', url, alt }` or `{ type: 'color', color }`); 'none' removes the record,
 * which the public hero shows as the muted background (src/domain/hero.ts). One set of field rules serves the
 * function, which validates the request, and the form, which validates as the admin types.
 */
import { z } from 'zod';
import { interpretHero, isSafeImageUrl, type Hero } from '../hero.ts';

export const heroTexts = {
  urlRequired: 'Enter the image URL.',
  urlInvalid: 'The image URL must start with http://, https:// or / (a page of this site).',
  altRequired: 'Describe the image for people who cannot see it (alt text).',
  altTooLong: 'Alt text must be at most 200 characters.',
  colorInvalid: 'Enter the colour as #rrggbb, for example #1e5553.',
  typeInvalid: 'Choose an image, a colour or none.',
  saved: 'Hero image saved',
  savedDescription: 'The home page shows it once the site has been rebuilt.',
  saveFailed: 'Error saving hero image',
} as const;

export const HERO_ALT_MAX = 200;

function isHttpUrlWithHost(url: string): boolean {
  if (url.startsWith('/')) return true;
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

/** http(s) with a host, or a path on this site (one leading '/', not the protocol-relative '//'). */
export const heroUrlSchema = z
  .string()
  .trim()
  .min(1, heroTexts.urlRequired)
  .max(2000, heroTexts.urlInvalid)
  .refine((url) => isSafeImageUrl(url) && isHttpUrlWithHost(url), heroTexts.urlInvalid);

/** Required: the hero image carries the page's first impression, and screen-reader users should get it too. */
export const heroAltSchema = z.string().trim().min(1, heroTexts.altRequired).max(HERO_ALT_MAX, heroTexts.altTooLong);

/** What the native colour picker gives: #rrggbb, stored in lower case. */
export const heroColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, heroTexts.colorInvalid)
  .transform((color) => color.toLowerCase());

/** The PUT body. */
export const heroSettingInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('image'), url: heroUrlSchema, alt: heroAltSchema }),
    z.object({ type: z.literal('color'), color: heroColorSchema }),
    z.object({ type: z.literal('none') }),
  ],
  { error: heroTexts.typeInvalid },
);
export type HeroSettingInput = z.output<typeof heroSettingInputSchema>;

/**
 * The hero as stored, in the answer to GET and PUT. Older records may lack alt text (a plain URL string) or carry
 * a colour record without a colour; they are shown as the public site reads them.
 */
export const heroSettingSchema = z.object({
  hero: z.discriminatedUnion('type', [
    z.object({ type: z.literal('image'), url: z.string(), alt: z.string() }),
    z.object({ type: z.literal('color'), color: z.string().nullable() }),
    z.object({ type: z.literal('none') }),
  ]),
  updatedAt: z.iso.datetime().nullable(),
});
export type HeroSetting = z.infer<typeof heroSettingSchema>;
export type StoredHero = HeroSetting['hero'];

/** The stored record's value for an input; null means "no record". */
export function heroSettingValue(input: HeroSettingInput): { type: 'image'; url: string; alt: string } | { type: 'color'; color: string } | null {
  if (input.type === 'none') return null;
  return input;
}

/** A stored value (any shape the spec allows) as the admin panel shows it. */
export function storedHero(value: unknown): StoredHero {
  const hero = interpretHero(value);
  if (hero.kind === 'image') return { type: 'image', url: hero.url, alt: hero.alt };
  if (hero.kind === 'color') return { type: 'color', color: hero.color };
  return { type: 'none' };
}

// The form.

/**
 * Images that ship with the site, offered so an admin need not find a URL. Only artwork without words: the hero lays
 * its own headline over the image, so an image with text in it says the headline twice. The share image
 * (/images/og-default.jpg) has "Recover smarter. Train better at home." and the logo drawn in, and is not offered.
 */
export const heroSiteImages = [{ url: '/images/hero.svg', label: 'Repwell hero artwork' }] as const;

export const heroModes = ['url', 'site', 'color', 'none'] as const;
export type HeroMode = (typeof heroModes)[number];

/** Every field of every mode at once, so switching modes keeps what was typed; only the chosen mode is checked. */
export const heroFormSchema = z
  .object({
    mode: z.enum(heroModes, { error: heroTexts.typeInvalid }),
    url: z.string(),
    siteImage: z.string(),
    alt: z.string(),
    color: z.string(),
  })
  .superRefine((form, ctx) => {
    const check = (field: 'url' | 'siteImage' | 'alt' | 'color', schema: z.ZodType) => {
      const result = schema.safeParse(form[field]);
      if (!result.success) ctx.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]!.message });
    };
    if (form.mode === 'url') check('url', heroUrlSchema);
    if (form.mode === 'site') check('siteImage', z.enum(heroSiteImages.map((image) => image.url) as [string, ...string[]], { error: heroTexts.urlRequired }));
    if (form.mode === 'url' || form.mode === 'site') check('alt', heroAltSchema);
    if (form.mode === 'color') check('color', heroColorSchema);
  });
export type HeroForm = z.infer<typeof heroFormSchema>;

const DEFAULT_COLOR = '#1e5553';

/** The form's starting values for what is stored now. */
export function heroFormFrom(hero: StoredHero): HeroForm {
  const blank: HeroForm = { mode: 'none', url: '', siteImage: heroSiteImages[0].url, alt: '', color: DEFAULT_COLOR };
  if (hero.type === 'image') {
    const site = heroSiteImages.some((image) => image.url === hero.url);
    return { ...blank, mode: site ? 'site' : 'url', url: site ? '' : hero.url, siteImage: site ? hero.url : blank.siteImage, alt: hero.alt };
  }
  if (hero.type === 'color') return { ...blank, mode: 'color', color: hero.color ?? DEFAULT_COLOR };
  return blank;
}

/** The PUT body for a valid form (run heroFormSchema first). */
export function heroInputFromForm(form: HeroForm): HeroSettingInput {
  if (form.mode === 'none') return { type: 'none' };
  if (form.mode === 'color') return heroSettingInputSchema.parse({ type: 'color', color: form.color });
  const url = form.mode === 'site' ? form.siteImage : form.url;
  return heroSettingInputSchema.parse({ type: 'image', url, alt: form.alt });
}

/**
 * The hero the home page would show for the form as it stands, for the live preview. Half-typed input previews as
 * the public site would read it: a URL it would refuse shows the muted background, a partial hex colour too.
 */
export function heroPreviewFrom(form: HeroForm): Hero {
  if (form.mode === 'none') return { kind: 'none' };
  if (form.mode === 'color') {
    const color = heroColorSchema.safeParse(form.color);
    return color.success ? { kind: 'color', color: color.data } : { kind: 'none' };
  }
  const url = (form.mode === 'site' ? form.siteImage : form.url).trim();
  if (!isHttpUrlWithHost(url)) return { kind: 'none' };
  return interpretHero({ type: 'image', url, alt: form.alt });
}
