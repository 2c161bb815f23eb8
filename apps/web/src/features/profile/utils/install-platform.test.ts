import { describe, expect, it } from 'vitest';
import { installPlatform } from './install-platform';

const iphone = (version: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS ${version} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1`;
const pixel =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const desktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const ipad =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('the install platform of a device', () => {
  it('is iOS for an iPhone on 17.4 or later', () => {
    expect(installPlatform(iphone('17_4'))).toBe('ios');
    expect(installPlatform(iphone('17_5_1'))).toBe('ios');
    expect(installPlatform(iphone('18_0'))).toBe('ios');
    expect(installPlatform(iphone('26_1'))).toBe('ios');
  });

  it('is an older iOS, without one-tap install, before 17.4', () => {
    expect(installPlatform(iphone('17_3_1'))).toBe('ios-old');
    expect(installPlatform(iphone('16_6'))).toBe('ios-old');
  });

  it('is Android for an Android phone', () => {
    expect(installPlatform(pixel)).toBe('android');
  });

  it('is another device for a computer, an iPad calling itself a Mac, or none told', () => {
    expect(installPlatform(desktop)).toBe('other');
    expect(installPlatform(ipad)).toBe('other');
    expect(installPlatform('')).toBe('other');
    expect(installPlatform(undefined)).toBe('other');
  });
});
