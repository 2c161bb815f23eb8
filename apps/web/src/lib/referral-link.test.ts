// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetReferral, keepReferralFromAddress, pendingReferral } from './referral-link';

afterEach(() => {
  forgetReferral();
  history.replaceState(null, '', '/');
});

describe('a share link', () => {
  it('keeps the code and takes it out of the address, the route left as it was', () => {
    history.replaceState(null, '', '/?ref=k7m2q9xa&utm=x#/sign-in');
    keepReferralFromAddress();
    expect(pendingReferral()).toBe('K7M2Q9XA');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/?utm=x#/sign-in');
  });

  it('ignores what is not a code, and still cleans the address', () => {
    history.replaceState(null, '', '/?ref=<script>#/');
    keepReferralFromAddress();
    expect(pendingReferral()).toBeUndefined();
    expect(location.search).toBe('');
  });

  it('leaves an address without a code alone', () => {
    history.replaceState(null, '', '/?q=1#/plan');
    keepReferralFromAddress();
    expect(`${location.search}${location.hash}`).toBe('?q=1#/plan');
    expect(pendingReferral()).toBeUndefined();
  });
});
