import { describe, expect, it } from 'vitest';
import { interpretHero } from '../../src/domain/hero.ts';
import { heroPresentation } from '../../src/domain/hero-presentation.ts';

describe('the hero in its three modes (spec section 4)', () => {
  it('shows an image under a dark overlay, with light text', () => {
    expect(heroPresentation(interpretHero({ type: 'image', url: '/images/hero.svg', alt: 'Gym' }))).toEqual({
      mode: 'image',
      image: { url: '/images/hero.svg', alt: 'Gym' },
      overlay: true,
      backgroundColor: null,
      tone: 'light',
    });
    expect(heroPresentation(interpretHero('https://cdn.example.com/h.jpg')).mode).toBe('image');
  });

  it('uses the given colour, with text that contrasts with it', () => {
    expect(heroPresentation(interpretHero({ type: 'color', color: '#1e3a5f' }))).toEqual({
      mode: 'color',
      image: null,
      overlay: false,
      backgroundColor: '#1e3a5f',
      tone: 'light',
    });
    expect(heroPresentation(interpretHero({ type: 'color', color: '#fef3c7' })).tone).toBe('dark');
  });

  it('falls back to the muted default for a colour record without a colour', () => {
    expect(heroPresentation(interpretHero({ type: 'color' }))).toEqual({ mode: 'muted', image: null, overlay: false, backgroundColor: null, tone: 'dark' });
  });

  it('gives the muted background when there is no record', () => {
    expect(heroPresentation(interpretHero(undefined))).toEqual({ mode: 'muted', image: null, overlay: false, backgroundColor: null, tone: 'dark' });
  });
});
