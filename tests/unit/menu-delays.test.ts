import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_DELAYS } from '../../src/domain/navigation.ts';
import { createMenuIntent } from '../../src/lib/menu-intent.ts';

describe('navigation menu delays (spec section 9)', () => {
  it('are 200 ms to open, 300 ms to skip and 150 ms to close', () => {
    expect(MENU_DELAYS).toEqual({ openMs: 200, skipMs: 300, closeMs: 150 });
  });
});

describe('the mega menu under the pointer (src/lib/menu-intent.ts)', () => {
  let changes: string[];
  const menu = () => createMenuIntent(MENU_DELAYS, (value) => changes.push(value));

  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
  });
  afterEach(() => vi.useRealTimers());

  it('opens a hovered trigger after the open delay, not before', () => {
    const intent = menu();
    intent.pointerOverTrigger('guides');
    vi.advanceTimersByTime(MENU_DELAYS.openMs - 1);
    expect(intent.value).toBe('');
    vi.advanceTimersByTime(1);
    expect(intent.value).toBe('guides');
  });

  it('does not open a trigger the pointer only crossed', () => {
    const intent = menu();
    intent.pointerOverTrigger('guides');
    vi.advanceTimersByTime(100);
    intent.pointerLeave('guides');
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
  });

  it('closes after the close delay once the pointer leaves, unless it comes back to the panel', () => {
    const intent = menu();
    intent.toggle('guides');
    intent.pointerLeave('guides');
    vi.advanceTimersByTime(MENU_DELAYS.closeMs - 1);
    intent.pointerOverPanel();
    vi.advanceTimersByTime(1000);
    expect(intent.value).toBe('guides');
    intent.pointerLeave('guides');
    vi.advanceTimersByTime(MENU_DELAYS.closeMs);
    expect(intent.value).toBe('');
  });

  it('switches at once while a panel is open, and within the skip delay after one closed', () => {
    const intent = menu();
    intent.toggle('guides');
    intent.pointerOverTrigger('blog');
    expect(intent.value).toBe('blog');
    intent.close();
    vi.advanceTimersByTime(MENU_DELAYS.skipMs - 1);
    intent.pointerOverTrigger('everyday');
    expect(intent.value).toBe('everyday');
  });

  it('waits the open delay again once the skip delay has passed', () => {
    const intent = menu();
    intent.toggle('guides');
    intent.close();
    vi.advanceTimersByTime(MENU_DELAYS.skipMs);
    intent.pointerOverTrigger('everyday');
    expect(intent.value).toBe('');
    vi.advanceTimersByTime(MENU_DELAYS.openMs);
    expect(intent.value).toBe('everyday');
  });

  it('a click toggles, and a panel closed by a click or Escape stays shut under the resting pointer until it leaves', () => {
    const intent = menu();
    intent.toggle('guides');
    intent.toggle('guides');
    expect(intent.value).toBe('');
    intent.pointerOverTrigger('guides');
    vi.advanceTimersByTime(1000);
    expect(intent.value).toBe('');
    intent.pointerLeave('guides');
    intent.pointerOverTrigger('guides');
    vi.advanceTimersByTime(MENU_DELAYS.openMs);
    expect(intent.value).toBe('guides');
    intent.close({ byKeyboard: true });
    intent.pointerOverTrigger('guides');
    vi.advanceTimersByTime(1000);
    expect(intent.value).toBe('');
  });

  it('reports each change once', () => {
    const intent = menu();
    intent.toggle('guides');
    intent.pointerOverTrigger('guides');
    vi.advanceTimersByTime(1000);
    intent.close();
    intent.close();
    expect(changes).toEqual(['guides', '']);
  });
});
