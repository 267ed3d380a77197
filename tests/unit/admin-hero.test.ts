import { describe, expect, it } from 'vitest';
import {
  heroFormFrom,
  heroFormSchema,
  heroInputFromForm,
  heroPreviewFrom,
  heroSettingInputSchema,
  heroSettingValue,
  heroTexts,
  storedHero,
  type HeroForm,
} from '../../src/domain/admin/hero.ts';
import { heroPresentation } from '../../src/domain/hero-presentation.ts';

const firstMessage = (schema: typeof heroSettingInputSchema | typeof heroFormSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('the hero request: an image with alt text, a colour, or none', () => {
  it('accepts an http(s) URL or a site path, with alt text', () => {
    expect(heroSettingInputSchema.parse({ type: 'image', url: ' https://cdn.example.com/gym.jpg ', alt: ' A bright gym ' })).toEqual({
      type: 'image',
      url: 'https://cdn.example.com/gym.jpg',
      alt: 'A bright gym',
    });
    expect(heroSettingInputSchema.parse({ type: 'image', url: '/images/hero.svg', alt: 'Artwork' }).type).toBe('image');
  });

  it('refuses other schemes, protocol-relative and host-less URLs', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.jpg', 'ftp://example.com/x.jpg', 'https://', 'images/hero.svg', '/a b.jpg', '/x".jpg']) {
      expect(firstMessage(heroSettingInputSchema, { type: 'image', url, alt: 'x' }), url).toBe(heroTexts.urlInvalid);
    }
    expect(firstMessage(heroSettingInputSchema, { type: 'image', url: '  ', alt: 'x' })).toBe(heroTexts.urlRequired);
  });

  it('requires alt text of at most 200 characters for images', () => {
    expect(firstMessage(heroSettingInputSchema, { type: 'image', url: '/images/hero.svg', alt: '   ' })).toBe(heroTexts.altRequired);
    expect(firstMessage(heroSettingInputSchema, { type: 'image', url: '/images/hero.svg' })).toBeDefined();
    expect(firstMessage(heroSettingInputSchema, { type: 'image', url: '/images/hero.svg', alt: 'a'.repeat(201) })).toBe(heroTexts.altTooLong);
    expect(heroSettingInputSchema.safeParse({ type: 'image', url: '/images/hero.svg', alt: 'a'.repeat(200) }).success).toBe(true);
  });

  it('takes colours as #rrggbb only, stored in lower case', () => {
    expect(heroSettingInputSchema.parse({ type: 'color', color: '#1E5553' })).toEqual({ type: 'color', color: '#1e5553' });
    for (const color of ['#fff', '1e5553', '#1e555', '#1e55533', 'red', 'rgb(0,0,0)', '#gggggg']) {
      expect(firstMessage(heroSettingInputSchema, { type: 'color', color }), color).toBe(heroTexts.colorInvalid);
    }
  });

  it('refuses an unknown kind with the spec-style sentence', () => {
    expect(firstMessage(heroSettingInputSchema, { type: 'video', url: '/v.mp4' })).toBe(heroTexts.typeInvalid);
    expect(firstMessage(heroSettingInputSchema, {})).toBe(heroTexts.typeInvalid);
  });

  it('stores images and colours as the spec shapes, and none as no record', () => {
    expect(heroSettingValue({ type: 'color', color: '#123456' })).toEqual({ type: 'color', color: '#123456' });
    expect(heroSettingValue({ type: 'image', url: '/a.jpg', alt: 'A' })).toEqual({ type: 'image', url: '/a.jpg', alt: 'A' });
    expect(heroSettingValue({ type: 'none' })).toBeNull();
  });

  it('shows every stored shape of the spec as the public site reads it', () => {
    expect(storedHero('/images/hero.svg')).toEqual({ type: 'image', url: '/images/hero.svg', alt: '' });
    expect(storedHero({ url: 'https://x.example/h.jpg', alt: 'H' })).toEqual({ type: 'image', url: 'https://x.example/h.jpg', alt: 'H' });
    expect(storedHero({ type: 'color' })).toEqual({ type: 'color', color: null });
    expect(storedHero(undefined)).toEqual({ type: 'none' });
  });
});

describe('the hero form', () => {
  const form = (overrides: Partial<HeroForm>): HeroForm => ({ ...heroFormFrom({ type: 'none' }), ...overrides });
  const errors = (value: HeroForm) => {
    const result = heroFormSchema.safeParse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('checks only the chosen mode, so a half-typed other mode does not block saving', () => {
    expect(errors(form({ mode: 'none', url: 'nonsense', color: 'x' }))).toEqual({});
    expect(errors(form({ mode: 'color', color: '#abcdef', url: 'javascript:x' }))).toEqual({});
    expect(errors(form({ mode: 'url', url: 'javascript:x', alt: '', color: 'x' }))).toEqual({ url: heroTexts.urlInvalid, alt: heroTexts.altRequired });
    expect(errors(form({ mode: 'color', color: '#abc' }))).toEqual({ color: heroTexts.colorInvalid });
  });

  it('offers only the site images for a site image, with alt text', () => {
    expect(errors(form({ mode: 'site', siteImage: '/images/hero.svg', alt: 'Artwork' }))).toEqual({});
    expect(errors(form({ mode: 'site', siteImage: '/etc/passwd', alt: 'Artwork' }))).toHaveProperty('siteImage');
  });

  it('turns each mode into its request', () => {
    expect(heroInputFromForm(form({ mode: 'url', url: 'https://cdn.example.com/a.jpg', alt: 'A gym ' }))).toEqual({
      type: 'image',
      url: 'https://cdn.example.com/a.jpg',
      alt: 'A gym',
    });
    expect(heroInputFromForm(form({ mode: 'site', siteImage: '/images/hero.svg', alt: 'Artwork', url: 'ignored' }))).toEqual({
      type: 'image',
      url: '/images/hero.svg',
      alt: 'Artwork',
    });
    expect(heroInputFromForm(form({ mode: 'color', color: '#ABCDEF' }))).toEqual({ type: 'color', color: '#abcdef' });
    expect(heroInputFromForm(form({ mode: 'none' }))).toEqual({ type: 'none' });
  });

  it('starts from what is stored, recognising the site images', () => {
    expect(heroFormFrom({ type: 'image', url: '/images/hero.svg', alt: 'Art' })).toMatchObject({ mode: 'site', siteImage: '/images/hero.svg', alt: 'Art' });
    expect(heroFormFrom({ type: 'image', url: 'https://x.example/a.jpg', alt: 'A' })).toMatchObject({ mode: 'url', url: 'https://x.example/a.jpg' });
    expect(heroFormFrom({ type: 'color', color: '#102030' })).toMatchObject({ mode: 'color', color: '#102030' });
    expect(heroFormFrom({ type: 'color', color: null }).mode).toBe('color');
    expect(heroFormFrom({ type: 'none' }).mode).toBe('none');
  });

  it('previews what the home page would show, half-typed input as the muted background', () => {
    expect(heroPresentation(heroPreviewFrom(form({ mode: 'color', color: '#000000' })))).toMatchObject({ mode: 'color', backgroundColor: '#000000', tone: 'light' });
    expect(heroPresentation(heroPreviewFrom(form({ mode: 'color', color: '#fff' }))).mode).toBe('muted');
    expect(heroPresentation(heroPreviewFrom(form({ mode: 'url', url: 'https://', alt: 'x' }))).mode).toBe('muted');
    expect(heroPresentation(heroPreviewFrom(form({ mode: 'url', url: 'https://cdn.example.com/a.jpg', alt: 'A' })))).toMatchObject({
      mode: 'image',
      image: { url: 'https://cdn.example.com/a.jpg', alt: 'A' },
    });
    expect(heroPresentation(heroPreviewFrom(form({ mode: 'none' }))).mode).toBe('muted');
  });
});
