import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeSignIn, offerFor } from './complete-sign-in';
import { detailsOffer } from './details-offer';
import { session } from './session-store';

const account = {
  cli_email: 'maya@example.com',
  cli_name: 'Maya Haddad',
  cli_mobile: '+96171123456',
};

describe('what a sign-in offers as a change to a known account', () => {
  it('offers nothing when the typed details are the account’s, however they were typed', () => {
    expect(offerFor({ cli_name: 'maya  haddad ', cli_mobile: '+961 71 123 456' }, account)).toBe(
      undefined,
    );
  });

  it('offers a different name, keeping the account’s mobile', () => {
    expect(offerFor({ cli_name: ' Jane  Roe', cli_mobile: '+96171123456' }, account)).toEqual({
      email: 'maya@example.com',
      name: 'Jane Roe',
      mobile: '+96171123456',
      changes: ['name'],
    });
  });

  it('offers a different mobile in the international form', () => {
    expect(offerFor({ cli_name: 'Maya Haddad', cli_mobile: '+33 6 12 34 56 78' }, account)).toEqual(
      {
        email: 'maya@example.com',
        name: 'Maya Haddad',
        mobile: '+33612345678',
        changes: ['mobile'],
      },
    );
  });

  it('offers both when both differ', () => {
    expect(
      offerFor({ cli_name: 'Jane Roe', cli_mobile: '+33612345678' }, account)?.changes,
    ).toEqual(['name', 'mobile']);
  });
});

describe('completing a sign-in', () => {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
    clear: () => stored.clear(),
  };
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: storage });
  });
  afterEach(() => {
    session.signOut();
    stored.clear();
    vi.unstubAllGlobals();
  });

  it('signs in as the account is, and keeps what differs for the profile', () => {
    completeSignIn(
      { message: 'Signed in successfully.', token: 'token-1', data: account },
      { cli_name: 'Jane Roe', cli_mobile: '+96171123456' },
    );
    expect(session.get().client).toEqual({
      token: 'token-1',
      email: 'maya@example.com',
      name: 'Maya Haddad',
      mobile: '+96171123456',
    });
    expect(stored.get('cli_name')).toBe('Maya Haddad');
    expect(detailsOffer.get()).toMatchObject({ name: 'Jane Roe', changes: ['name'] });
  });

  it('drops an older offer when the typed details match the account', () => {
    detailsOffer.set({ email: account.cli_email, name: 'Old', mobile: '', changes: ['name'] });
    completeSignIn(
      { message: 'Signed in successfully.', token: 'token-2', data: account },
      { cli_name: 'Maya Haddad', cli_mobile: '+96171123456' },
    );
    expect(detailsOffer.get()).toBeUndefined();
  });
});
