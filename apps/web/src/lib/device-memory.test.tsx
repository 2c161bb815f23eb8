import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRemembered, remember, useRemembered } from './device-memory';

describe('what this device remembers', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('is kept in local storage and read again everywhere it is shown', () => {
    const first = renderHook(() => useRemembered('phone-unlocked'));
    const second = renderHook(() => useRemembered('phone-unlocked'));
    expect(first.result.current[0]).toBeUndefined();

    act(() => first.result.current[1]('no'));
    expect(window.localStorage.getItem('phone-unlocked')).toBe('no');
    expect(second.result.current[0]).toBe('no');
  });

  it('holds for the page when the browser refuses to store it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    remember('esim-install-read:1', 'yes');
    expect(readRemembered('esim-install-read:1')).toBe('yes');
    remember('esim-install-read:1', undefined);
    expect(readRemembered('esim-install-read:1')).toBeUndefined();
  });
});
