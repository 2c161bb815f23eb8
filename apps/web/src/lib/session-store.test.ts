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

  it('keeps the chosen plan when an expired session is what signs out', () => {
    session.signOut({ keepPendingPlan: true });
    expect([...stored.keys()].sort()).toEqual([storageKeys.buyData, storageKeys.planUrl].sort());
    expect(session.pendingPlan()?.url).toBe('#/plan-details?iso=FR');
  });
});
