import { pickLanguage } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { acceptedLanguage, acceptLanguageTags } from './accept-language';

describe('Accept-Language', () => {
  it('reads an Accept-Language header by quality, then by order', () => {
    expect(acceptLanguageTags('en;q=0.5, ar-LB, fr;q=0.8')).toEqual(['ar-LB', 'fr', 'en']);
    expect(acceptLanguageTags('*, de;q=0')).toEqual([]);
    expect(pickLanguage(acceptLanguageTags('de, ar;q=0.9, en;q=0.1'))).toBe('ar');
  });

  it('names no tag when the header is missing or empty', () => {
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags('')).toEqual([]);
    expect(acceptedLanguage(undefined)).toBe('en');
    expect(acceptedLanguage('de-CH, fr-CA;q=0.5')).toBe('fr');
  });
});
