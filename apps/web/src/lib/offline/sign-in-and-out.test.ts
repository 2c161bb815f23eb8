import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session-store';
import { forgetAllAccounts, readSnapshot, saveSnapshot } from './snapshot-store';

const client = (email: string) => ({ token: `token-${email}`, email, name: 'Maya', mobile: '' });

describe('the offline copy and the sign-in', () => {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
        clear: () => stored.clear(),
      },
    });
  });
  afterEach(async () => {
    await forgetAllAccounts();
    vi.unstubAllGlobals();
  });

  it('is forgotten when the buyer signs out', async () => {
    session.signIn(client('maya@example.com'));
    await saveSnapshot('maya@example.com', []);
    expect(await readSnapshot('maya@example.com')).toBeDefined();

    session.signOut();
    await vi.waitFor(async () => expect(await readSnapshot('maya@example.com')).toBeUndefined());
  });

  it('is forgotten when an expired session signs out, keeping the chosen plan', async () => {
    session.signIn(client('maya@example.com'));
    await saveSnapshot('maya@example.com', []);

    session.signOut({ keepPendingPlan: true });
    await vi.waitFor(async () => expect(await readSnapshot('maya@example.com')).toBeUndefined());
  });

  it('of another account is forgotten when someone else signs in on this browser', async () => {
    await saveSnapshot('maya@example.com', []);
    await saveSnapshot('omar@example.com', []);

    session.signIn(client('omar@example.com'));
    await vi.waitFor(async () => expect(await readSnapshot('maya@example.com')).toBeUndefined());
    expect(await readSnapshot('omar@example.com')).toBeDefined();
  });
});
