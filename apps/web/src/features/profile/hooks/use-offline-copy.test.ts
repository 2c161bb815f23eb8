import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { profileApiPaths } from '@tern/contract/profile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllAccounts, readSnapshot } from '../../../lib/offline/snapshot-store';
import { session, storageKeys } from '../../../lib/session-store';
import { type FakeAnswer, fakeApi, later } from '../../../testing/fake-api';
import { franceEsim, iccid, usageOf } from '../../../testing/profile';
import { keepCopy } from './use-offline-copy';

const email = 'rana@example.com';
const rana = { token: 'token-1', email, name: 'Rana', mobile: '' };

const details = {
  iccid,
  pin: '1234',
  puk: '12345678',
  matchingId: 'MATCH-1',
  smdpAddress: 'smdp.example.com',
  profileStatus: 'Released',
  lpa: 'LPA:1$smdp.example.com$MATCH-1',
  links: { ios: 'https://esimsetup.apple.com/x', android: 'https://esimsetup.android.com/x' },
};

/**
 * The profile's copy is being brought up to date, its usage reading still on its way; the
 * test says when the reading arrives.
 */
function copyOnItsWay() {
  const usage = later<FakeAnswer>();
  const api = fakeApi();
  api.answer('GET', profileApiPaths.esimDetails.href(iccid), { body: details });
  api.answer('GET', profileApiPaths.esimQr.href(iccid), { status: 404 });
  api.answer('GET', profileApiPaths.esimBundles.href(iccid), () => usage.promise);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const kept = keepCopy(queryClient, email, [franceEsim]);
  const usageAsked = vi.waitFor(() =>
    expect(api.callsTo('GET', profileApiPaths.esimBundles.href(iccid))).toHaveLength(1),
  );
  return { kept, usageAsked, answerUsage: () => usage.resolve({ body: usageOf(500_000_000) }) };
}

describe('the offline copy written while another tab signs out', () => {
  // Local storage as every tab of the browser shares it.
  const stored = new Map<string, string>();
  beforeEach(() => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
        clear: () => stored.clear(),
      },
    });
    session.signIn(rana);
  });
  afterEach(async () => {
    session.signOut();
    await forgetAllAccounts();
    stored.clear();
    vi.unstubAllGlobals();
  });

  it('is kept while the buyer stays signed in', async () => {
    const copy = copyOnItsWay();
    await copy.usageAsked;
    copy.answerUsage();
    expect((await copy.kept)?.esims).toHaveLength(1);
    expect((await readSnapshot(email))?.esims[0]?.install?.matchingId).toBe('MATCH-1');
  });

  it('is not written once another tab has logged out, before this tab has heard of it', async () => {
    const copy = copyOnItsWay();
    await copy.usageAsked;
    // The other tab's logout: storage cleared, the copy deleted. Its `storage` event has not
    // reached this tab yet, whose memory still holds the sign-in.
    stored.clear();
    await forgetAllAccounts();
    copy.answerUsage();

    expect(await copy.kept).toBeUndefined();
    expect(await readSnapshot(email)).toBeUndefined();
    expect(session.get().client).toEqual(rana);
  });

  it('is not written once another account has signed in in another tab', async () => {
    const copy = copyOnItsWay();
    await copy.usageAsked;
    stored.clear();
    await forgetAllAccounts();
    stored.set(storageKeys.email, 'omar@example.com');
    stored.set(storageKeys.token, 'token-2');
    copy.answerUsage();

    expect(await copy.kept).toBeUndefined();
    expect(await readSnapshot(email)).toBeUndefined();
  });
});
