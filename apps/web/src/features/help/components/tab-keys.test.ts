import { describe, expect, it } from 'vitest';
import { tabIndexAfterKey } from './tab-keys';

describe('moving between tabs with the keyboard', () => {
  it('moves right and left, wrapping around at the ends', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 2)).toBe(1);
    expect(tabIndexAfterKey('ArrowRight', 1, 2)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 1, 2)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 2)).toBe(1);
  });

  it('jumps to the first tab with Home and the last with End', () => {
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
  });

  it('ignores other keys, and tab lists without tabs', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowUp', 'ArrowDown', 'a']) {
      expect(tabIndexAfterKey(key, 0, 2), key).toBeUndefined();
    }
    expect(tabIndexAfterKey('ArrowRight', 0, 0)).toBeUndefined();
  });
});
