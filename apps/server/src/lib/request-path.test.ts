import { describe, expect, it } from 'vitest';
import { decodedPath, isApiPath } from './request-path';

describe('the path a rule tests', () => {
  it('decodes percent escapes as the router does', () => {
    expect(decodedPath('/%61pi/client/logout')).toBe('/api/client/logout');
    expect(decodedPath('/%2561pi?x=%61')).toBe('/%61pi');
    expect(isApiPath(decodedPath('/%61%70%69/purchase'))).toBe(true);
  });

  it('keeps a malformed escape as it is', () => {
    expect(decodedPath('/api/%E0%A4%A')).toBe('/api/%E0%A4%A');
  });

  it('knows the API from pages', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/payment/return')).toBe(false);
  });
});
