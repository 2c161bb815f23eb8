import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tab-keys';

describe('tab list keys', () => {
  it('moves with the arrows and wraps around', () => {
    expect(tabAfterKey('ArrowRight', 0, 2)).toBe(1);
    expect(tabAfterKey('ArrowRight', 1, 2)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 2)).toBe(1);
  });

  it('runs the other way right to left: the left arrow moves on', () => {
    expect(tabAfterKey('ArrowLeft', 0, 3, 'rtl')).toBe(1);
    expect(tabAfterKey('ArrowRight', 0, 3, 'rtl')).toBe(2);
    expect(tabAfterKey('ArrowDown', 0, 3, 'rtl')).toBe(1);
    expect(tabAfterKey('ArrowRight', 0, 3, 'ltr')).toBe(1);
  });

  it('jumps to the ends with Home and End', () => {
    expect(tabAfterKey('Home', 1, 2)).toBe(0);
    expect(tabAfterKey('End', 0, 2)).toBe(1);
  });

  it('ignores other keys', () => {
    expect(tabAfterKey('Enter', 0, 2)).toBeUndefined();
  });
});
