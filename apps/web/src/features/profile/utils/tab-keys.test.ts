import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tab-keys';

describe('tabAfterKey', () => {
  it('moves with the arrows and wraps at both ends', () => {
    expect(tabAfterKey('ArrowRight', 0, 2)).toBe(1);
    expect(tabAfterKey('ArrowRight', 1, 2)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 2)).toBe(1);
  });

  it('jumps to the first and last tab with Home and End', () => {
    expect(tabAfterKey('Home', 1, 2)).toBe(0);
    expect(tabAfterKey('End', 0, 2)).toBe(1);
  });

  it('ignores other keys and empty tab lists', () => {
    expect(tabAfterKey('Enter', 0, 2)).toBe(undefined);
    expect(tabAfterKey('ArrowRight', 0, 0)).toBe(undefined);
  });
});
