import { describe, expect, it } from 'vitest';
import {
  carouselPageCount,
  carouselPageItems,
  hasCarouselControls,
  nextCarouselPage,
  previousCarouselPage,
} from '../../src/domain/catalogue/carousel.ts';

describe('the carousel shows 3 cards at a time', () => {
  it('pages items by three', () => {
    const list = [1, 2, 3, 4, 5, 6, 7];
    expect(carouselPageCount(list.length)).toBe(3);
    expect(carouselPageItems(list, 0)).toEqual([1, 2, 3]);
    expect(carouselPageItems(list, 2)).toEqual([7]);
  });
});

describe('controls and dots only when there are more than 3 items', () => {
  it('hides them for 3 or fewer', () => {
    expect(hasCarouselControls(3)).toBe(false);
    expect(hasCarouselControls(4)).toBe(true);
    expect(carouselPageCount(0)).toBe(1);
  });
});

describe('previous and next wrap around', () => {
  it('wraps from the last page to the first and back', () => {
    expect(nextCarouselPage(0, 3)).toBe(1);
    expect(nextCarouselPage(2, 3)).toBe(0);
    expect(previousCarouselPage(0, 3)).toBe(2);
    expect(previousCarouselPage(1, 3)).toBe(0);
  });
});
