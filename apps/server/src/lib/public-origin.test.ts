import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin';

const unset = { publicUrl: 'http://127.0.0.1:8080', publicUrlFixed: false };
const fixed = { publicUrl: 'https://shop.example.com', publicUrlFixed: true };

describe('the shop’s address as a visitor sees it', () => {
  it('is the address the visitor came by when PUBLIC_URL is unset', () => {
    for (const host of ['127.0.0.1:8080', 'localhost:8080', 'laptop.lan:8080', '[::1]:8080']) {
      expect(publicOrigin(unset, { protocol: 'http', host })).toBe(`http://${host}`);
    }
    expect(publicOrigin(unset, { protocol: 'https', host: 'shop.lan' })).toBe('https://shop.lan');
  });

  it('is PUBLIC_URL whatever host the visitor typed, when it is set', () => {
    expect(publicOrigin(fixed, { protocol: 'http', host: 'localhost:8080' })).toBe(
      'https://shop.example.com',
    );
  });

  it('falls back to the printed address for a Host that is not an address', () => {
    for (const host of ['', 'evil.example/path', 'a b', 'x@evil.example', 'evil.example:80:80']) {
      expect(publicOrigin(unset, { protocol: 'http', host })).toBe('http://127.0.0.1:8080');
    }
  });
});
