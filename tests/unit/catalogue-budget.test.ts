import { describe, expect, it } from 'vitest';
import {
  BUDGET_PRESETS,
  boundsFromSlider,
  budgetRangeLabel,
  hasCustomRange,
  PRICE_SLIDER,
  selectedBudgetPreset,
  sliderValues,
  togglePreset,
} from '../../src/domain/catalogue/budget.ts';

const preset = (id: string) => BUDGET_PRESETS.find((entry) => entry.id === id)!;

describe('budget presets are the five of spec section 9', () => {
  it('has Budget-Friendly 0-50, Mid-Range 50-150, Premium 150-500, Professional 500-2000+ and Starter Kit 0-100', () => {
    expect(BUDGET_PRESETS.map((entry) => `${entry.label} ${budgetRangeLabel(entry.min, entry.max)}`)).toEqual([
      'Budget-Friendly $0 - $50',
      'Mid-Range $50 - $150',
      'Premium $150 - $500',
      'Professional $500 - $2000+',
      'Starter Kit $0 - $100',
    ]);
  });
});

describe('a preset is selected when the price bounds equal its range', () => {
  it('treats a missing lower bound as $0', () => {
    expect(selectedBudgetPreset({ minPrice: null, maxPrice: 50 })?.id).toBe('budget-friendly');
    expect(selectedBudgetPreset({ minPrice: null, maxPrice: 100 })?.id).toBe('starter-kit');
    expect(selectedBudgetPreset({ minPrice: 500, maxPrice: null })?.id).toBe('professional');
    expect(selectedBudgetPreset({ minPrice: 40, maxPrice: 50 })).toBeNull();
    expect(selectedBudgetPreset({ minPrice: null, maxPrice: null })).toBeNull();
  });
});

describe('selecting the same preset again deselects it', () => {
  it('selects, then clears', () => {
    const selected = togglePreset({ minPrice: null, maxPrice: null }, preset('mid-range'));
    expect(selected).toEqual({ minPrice: 50, maxPrice: 150 });
    expect(togglePreset(selected, preset('mid-range'))).toEqual({ minPrice: null, maxPrice: null });
  });

  it('switches straight to another preset', () => {
    expect(togglePreset({ minPrice: 50, maxPrice: 150 }, preset('premium'))).toEqual({ minPrice: 150, maxPrice: 500 });
  });
});

describe('the custom range is a slider from 0 to 2000 in steps of 10', () => {
  it('has the spec limits', () => {
    expect(PRICE_SLIDER).toEqual({ min: 0, max: 2000, step: 10 });
  });

  it('places missing bounds at the ends and clamps others', () => {
    expect(sliderValues({ minPrice: null, maxPrice: null })).toEqual([0, 2000]);
    expect(sliderValues({ minPrice: 120, maxPrice: 5000 })).toEqual([120, 2000]);
  });

  it('snaps to $10 and treats the ends as no bound', () => {
    expect(boundsFromSlider([0, 2000])).toEqual({ minPrice: null, maxPrice: null });
    expect(boundsFromSlider([44, 306])).toEqual({ minPrice: 40, maxPrice: 310 });
    expect(boundsFromSlider([300, 100])).toEqual({ minPrice: 100, maxPrice: 300 });
  });

  it('is open when the bounds are not a preset', () => {
    expect(hasCustomRange({ minPrice: 40, maxPrice: 310 })).toBe(true);
    expect(hasCustomRange({ minPrice: 50, maxPrice: 150 })).toBe(false);
    expect(hasCustomRange({ minPrice: null, maxPrice: null })).toBe(false);
  });
});
