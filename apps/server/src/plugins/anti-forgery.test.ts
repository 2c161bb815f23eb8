import { describe, expect, it } from 'vitest';
import { newXsrfCookie, xsrfTokenIn } from './anti-forgery';

describe('reading the anti-forgery cookie', () => {
  const headers: [string | undefined, string | undefined][] = [
    ['XSRF-TOKEN=abc', 'abc'],
    ['theme=dark; XSRF-TOKEN=abc; lang=en', 'abc'],
    ['theme=dark;XSRF-TOKEN= abc', 'abc'],
    ['XSRF-TOKEN=first; XSRF-TOKEN=second', 'first'],
    ['MY-XSRF-TOKEN=abc', undefined],
    ['XSRF-TOKEN=', undefined],
    ['XSRF-TOKEN=; other=1', undefined],
    ['XSRF-TOKEN=; XSRF-TOKEN=abc', undefined],
    ['', undefined],
    [undefined, undefined],
  ];

  it('finds the first token by its exact name', () => {
    for (const [header, token] of headers) {
      expect(xsrfTokenIn(header), String(header)).toBe(token);
    }
  });

  it('writes a fresh SameSite=Strict cookie, Secure only over https', () => {
    const plain = newXsrfCookie(false);
    expect(plain).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Strict$/);
    expect(newXsrfCookie(true)).toMatch(/; Secure$/);
    expect(newXsrfCookie(false)).not.toBe(plain);
  });
});
