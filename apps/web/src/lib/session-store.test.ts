import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session, storageKeys } from './session-store';

describe('signing out', () => {
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
    session.signIn({ token: 't', email: 'maya@example.com', name: 'Maya', mobile: '+9617' });
    session.savePendingPlan({ pla_name: 'FR-1GB' }, '#/plan-details?iso=FR');
    session.savePayment('session-1', 'ref-1');
  });
  afterEach(() => {
    session.signOut(); // and the plan kept in memory with it
    stored.clear();
    vi.unstubAllGlobals();
  });

  it('clears every stored key, the chosen plan too, as a refused code and logout do', () => {
    expect(stored.size).toBe(8);
    session.signOut();
    expect(stored.size).toBe(0);
    expect(session.get().client).toBeUndefined();
    expect(session.pendingPlan()).toBeUndefined();
  });

  it('keeps the language the browser shows the shop in, and nothing else of the person', () => {
    stored.set(storageKeys.language, 'ar');
    session.signOut();
    expect([...stored.entries()]).toEqual([[storageKeys.language, 'ar']]);
  });

  it('keeps this browser’s device id on logout, so the phone does not become a new device', () => {
    // The referral rule (issue 31) refuses a reward to an account on the referrer's device.
    stored.set(storageKeys.device, 'device-1');
    session.signOut();
    expect([...stored.entries()]).toEqual([[storageKeys.device, 'device-1']]);
  });

  it('clears the device id too on a refused code: storage then holds nothing (sections 4, 8)', () => {
    stored.set(storageKeys.device, 'device-1');
    session.signOutAfterRefusedCode();
    expect(stored.has(storageKeys.device)).toBe(false);
  });

  it('keeps the chosen plan when an expired session is what signs out', () => {
    session.signOut({ keepPendingPlan: true });
    expect([...stored.keys()].sort()).toEqual([storageKeys.buyData, storageKeys.planUrl].sort());
    expect(session.pendingPlan()?.url).toBe('#/plan-details?iso=FR');
  });

  it('clears storage on a refused code but keeps the chosen plan in memory for the right code', () => {
    stored.set(storageKeys.language, 'fr');
    session.signOutAfterRefusedCode();
    // Spec sections 4 and 8: local storage holds nothing of the person, the plan included.
    expect([...stored.entries()]).toEqual([[storageKeys.language, 'fr']]);
    expect(session.get().client).toBeUndefined();
    expect(session.pendingPlan()).toEqual({
      plan: { pla_name: 'FR-1GB' },
      url: '#/plan-details?iso=FR',
    });
    // A second refused code keeps it too.
    session.signOutAfterRefusedCode();
    expect(session.pendingPlan()?.url).toBe('#/plan-details?iso=FR');
  });

  it('forgets the plan kept in memory on logout, on a new choice and once it is bought', () => {
    session.signOutAfterRefusedCode();
    session.signOut();
    expect(session.pendingPlan()).toBeUndefined();

    session.savePendingPlan({ pla_name: 'FR-1GB' }, '#/plan-details?iso=FR');
    session.signOutAfterRefusedCode();
    session.savePendingPlan({ pla_name: 'DE-3GB' }, '#/plan-details?iso=DE');
    session.clearPendingPlan();
    expect(session.pendingPlan()).toBeUndefined();

    session.savePendingPlan({ pla_name: 'FR-1GB' }, '#/plan-details?iso=FR');
    session.signOutAfterRefusedCode();
    session.savePendingPlan({ pla_name: 'DE-3GB' }, '#/plan-details?iso=DE');
    expect(session.pendingPlan()?.plan).toEqual({ pla_name: 'DE-3GB' });
  });
});

/**
 * Two tabs of the shop share local storage; the browser tells each tab of another's change
 * with a `storage` event (issue 29). Here the other tab writes the storage this module reads,
 * then the event arrives, as in a browser. The module is loaded afresh over a window that
 * keeps its listeners, so it installs its own.
 */
describe('a sign-in changed in another tab', () => {
  const stored = new Map<string, string>();
  const listeners: ((event: StorageEvent) => void)[] = [];
  const written: string[] = [];
  let tab: typeof import('./session-store');

  /** Another tab changes storage; this one hears of it once the change is made. */
  function otherTab(change: () => void, key: string | null): void {
    change();
    for (const listener of listeners) listener({ key } as StorageEvent);
  }

  beforeEach(async () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => {
          written.push(`${key}=${value}`);
          stored.set(key, value);
        },
        removeItem: (key: string) => {
          written.push(`-${key}`);
          stored.delete(key);
        },
        clear: () => stored.clear(),
      },
      addEventListener: (type: string, listener: (event: StorageEvent) => void) => {
        if (type === 'storage') listeners.push(listener);
      },
    });
    vi.resetModules();
    tab = await import('./session-store');
    tab.session.signIn({ token: 't1', email: 'maya@example.com', name: 'Maya', mobile: '+9617' });
    written.length = 0;
  });
  afterEach(() => {
    stored.clear();
    listeners.length = 0;
    vi.unstubAllGlobals();
  });

  it('ends here too when the other tab logs out', () => {
    otherTab(() => stored.clear(), null);
    expect(tab.session.get().client).toBeUndefined();
  });

  it('ends here too when the other tab removes the token, as a sign-in of another does first', () => {
    otherTab(() => stored.delete(tab.storageKeys.token), tab.storageKeys.token);
    expect(tab.session.get().client).toBeUndefined();
  });

  it('tells who keeps signed-in answers in this tab when it ends so', () => {
    const ended = vi.fn();
    tab.session.onEndedElsewhere(ended);
    otherTab(() => stored.clear(), null);
    expect(ended).toHaveBeenCalledOnce();
  });

  it('becomes the account the other tab signed in with', () => {
    const ended = vi.fn();
    tab.session.onEndedElsewhere(ended);
    otherTab(() => stored.clear(), null);
    const omar = { token: 't2', email: 'omar@example.com', name: 'Omar', mobile: '' };
    for (const [key, value] of [
      [tab.storageKeys.email, omar.email],
      [tab.storageKeys.name, omar.name],
      [tab.storageKeys.mobile, omar.mobile],
      [tab.storageKeys.token, omar.token],
    ] as const) {
      otherTab(() => stored.set(key, value), key);
    }
    expect(tab.session.get().client).toEqual(omar);
    expect(ended).toHaveBeenCalledOnce();
  });

  it('stays signed in when the other tab changes the name, and shows the new one', () => {
    const ended = vi.fn();
    tab.session.onEndedElsewhere(ended);
    otherTab(() => stored.set(tab.storageKeys.name, 'Maya K.'), tab.storageKeys.name);
    expect(tab.session.get().client).toMatchObject({ token: 't1', name: 'Maya K.' });
    expect(ended).not.toHaveBeenCalled();
  });

  it('ignores what the other tab stores that is not the sign-in', () => {
    const before = tab.session.get();
    otherTab(() => stored.set(tab.storageKeys.language, 'fr'), tab.storageKeys.language);
    expect(tab.session.get()).toBe(before);
  });

  it('is no longer signed in for what is kept, the moment storage says so, before the event', () => {
    const client = tab.session.get().client;
    if (!client) throw new Error('signed in above');
    expect(tab.session.isStillSignedIn(client)).toBe(true);
    stored.clear(); // the other tab's logout; its event is still on its way
    expect(tab.session.get().client).toEqual(client);
    expect(tab.session.isStillSignedIn(client)).toBe(false);
  });

  it('is no longer signed in for what is kept once another account has signed in', () => {
    const client = tab.session.get().client;
    if (!client) throw new Error('signed in above');
    stored.set(tab.storageKeys.token, 't2');
    stored.set(tab.storageKeys.email, 'omar@example.com');
    expect(tab.session.isStillSignedIn(client)).toBe(false);
  });

  it('writes a new token last, after the old one is gone, so no tab reads a mixed sign-in', () => {
    tab.session.signIn({ token: 't2', email: 'omar@example.com', name: 'Omar', mobile: '' });
    expect(written).toEqual([
      `-${tab.storageKeys.token}`,
      `-${tab.storageKeys.legacyToken}`,
      `${tab.storageKeys.email}=omar@example.com`,
      `${tab.storageKeys.name}=Omar`,
      `${tab.storageKeys.mobile}=`,
      `${tab.storageKeys.token}=t2`,
    ]);
  });

  it('keeps the token in place when only the details change, so other tabs stay signed in', () => {
    tab.session.signIn({ token: 't1', email: 'maya@example.com', name: 'Maya K.', mobile: '' });
    expect(written).not.toContain(`-${tab.storageKeys.token}`);
  });
});
