import { describe, expect, it } from 'vitest';
import { heroTextTone, interpretHero, isSafeColor, isSafeImageUrl } from '../../src/domain/hero.ts';

describe('hero setting: image, colour or none', () => {
  it('treats a plain URL string as an image', () => {
    expect(interpretHero('/images/hero.svg')).toEqual({ kind: 'image', url: '/images/hero.svg', alt: '' });
  });

  it('reads {url, alt} and {type: image, url, alt}', () => {
    expect(interpretHero({ url: 'https://cdn.example.com/h.jpg', alt: 'A home gym' })).toEqual({
      kind: 'image',
      url: 'https://cdn.example.com/h.jpg',
      alt: 'A home gym',
    });
    expect(interpretHero({ type: 'image', url: '/images/hero.svg' })).toEqual({ kind: 'image', url: '/images/hero.svg', alt: '' });
  });

  it('uses the given colour, or the muted default when none is given', () => {
    expect(interpretHero({ type: 'color', color: '#1e3a5f' })).toEqual({ kind: 'color', color: '#1e3a5f' });
    expect(interpretHero({ type: 'color' })).toEqual({ kind: 'color', color: null });
    expect(interpretHero({ type: 'color', color: '  ' })).toEqual({ kind: 'color', color: null });
  });

  it('means no background when there is no record or it is unusable', () => {
    expect(interpretHero(undefined)).toEqual({ kind: 'none' });
    expect(interpretHero(null)).toEqual({ kind: 'none' });
    expect(interpretHero('')).toEqual({ kind: 'none' });
    expect(interpretHero({ type: 'image' })).toEqual({ kind: 'none' });
    expect(interpretHero({ type: 'video', url: '/v.mp4' })).toEqual({ kind: 'none' });
    expect(interpretHero(['/images/hero.svg'])).toEqual({ kind: 'none' });
    expect(interpretHero(42)).toEqual({ kind: 'none' });
  });

  it('refuses URL schemes other than http(s) and same-site paths', () => {
    expect(interpretHero('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(interpretHero({ url: 'data:image/svg+xml,<svg/>' })).toEqual({ kind: 'none' });
    expect(isSafeImageUrl('//evil.example/x.png')).toBe(false);
    expect(isSafeImageUrl('/images/hero.svg')).toBe(true);
  });

  it('refuses colours that could carry other CSS', () => {
    expect(interpretHero({ type: 'color', color: 'red; background-image: url(https://x.test/a)' })).toEqual({ kind: 'color', color: null });
    expect(isSafeColor('rgb(30, 58, 95)')).toBe(true);
    expect(isSafeColor('oklch(0.45 0.08 250)')).toBe(true);
    expect(isSafeColor('url(x)')).toBe(false);
    expect(isSafeColor('navy')).toBe(true);
  });
});

describe('hero text stays readable on its background', () => {
  it('uses light text over an image (it has a dark overlay)', () => {
    expect(heroTextTone({ kind: 'image', url: '/h.svg', alt: '' })).toBe('light');
  });

  it('uses dark text on the muted default and with no hero', () => {
    expect(heroTextTone({ kind: 'color', color: null })).toBe('dark');
    expect(heroTextTone({ kind: 'none' })).toBe('dark');
  });

  it('picks the more contrasting text for a given colour', () => {
    expect(heroTextTone({ kind: 'color', color: '#1e3a5f' })).toBe('light');
    expect(heroTextTone({ kind: 'color', color: '#000' })).toBe('light');
    expect(heroTextTone({ kind: 'color', color: '#fef3c7' })).toBe('dark');
    expect(heroTextTone({ kind: 'color', color: '#FFFFFF80' })).toBe('dark');
    expect(heroTextTone({ kind: 'color', color: 'rgb(250, 250, 245)' })).toBe('dark');
    expect(heroTextTone({ kind: 'color', color: 'navy' })).toBe('light');
  });
});
