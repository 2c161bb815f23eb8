/**
 * The operator's session, apart from the buyer's (lib/session-store): kept in this tab's session
 * storage only, so closing the tab ends it in the browser as the server's short lifetime ends
 * it there. A buyer signed in in the same browser is never touched, nor read.
 */
import { type OpsSession, opsSessionSchema } from '@tern/contract/ops';
import { createExternalStore, useExternalStore } from '../../lib/external-store';

const STORAGE_KEY = 'tern.ops.session';

export type OperatorSession = Omit<OpsSession, 'recoveryCodes'>;

function stored(): OperatorSession | undefined {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? opsSessionSchema.safeParse(JSON.parse(raw)) : undefined;
    if (!parsed?.success) return undefined;
    return Date.parse(parsed.data.expiresAt) > Date.now() ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const store = createExternalStore<OperatorSession | undefined>(stored());

export const operatorSession = {
  get: store.get,
  start(session: OpsSession): void {
    const { recoveryCodes: _shownOnce, ...kept } = session;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Storage refused (private mode): the session lasts as long as the page.
    }
    store.set(kept);
  },
  end(): void {
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // Nothing stored.
    }
    store.set(undefined);
  },
  token: (): string | undefined => store.get()?.token,
};

export function useOperatorSession(): OperatorSession | undefined {
  return useExternalStore(store);
}
