/**
 * How the home hero looks for each kind of hero setting (spec section 4, Hero): an image gets a
 * dark overlay for legible light text; a colour is used as given, or the muted default when none
 * is given; no record gives the muted background. Pure, so all three modes are unit-tested.
 */
import { heroTextTone, type Hero } from './hero.ts';

export type HeroPresentation =
  | { mode: 'image'; image: { url: string; alt: string }; overlay: true; backgroundColor: null; tone: 'light' }
  | { mode: 'color'; image: null; overlay: false; backgroundColor: string; tone: 'light' | 'dark' }
  | { mode: 'muted'; image: null; overlay: false; backgroundColor: null; tone: 'dark' };

export function heroPresentation(hero: Hero): HeroPresentation {
  if (hero.kind === 'image') {
    return { mode: 'image', image: { url: hero.url, alt: hero.alt }, overlay: true, backgroundColor: null, tone: 'light' };
  }
  if (hero.kind === 'color' && hero.color) {
    return { mode: 'color', image: null, overlay: false, backgroundColor: hero.color, tone: heroTextTone(hero) };
  }
  return { mode: 'muted', image: null, overlay: false, backgroundColor: null, tone: 'dark' };
}
