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
