import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/domain/money.ts';

describe('prices are shown in dollars', () => {
  it('formats with a dollar sign, thousands separators and cents', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(5)).toBe('$5.00');
    expect(formatPrice(0)).toBe('$0.00');
  });

  it('rounds to the cent', () => {
    expect(formatPrice(19.999)).toBe('$20.00');
    expect(formatPrice(2499.994)).toBe('$2,499.99');
  });

  it('shows a corrupt value as $0.00 instead of $NaN', () => {
    expect(formatPrice(Number.NaN)).toBe('$0.00');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });
});
