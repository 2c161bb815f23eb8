/**
 * The only code that touches localStorage. It owns the spec's storage keys (section 3):
 * who is signed in, the plan a visitor chose before signing in, and the payment session
 * in progress. Components read it through useSession().
 */
import { detailsOffer } from './details-offer';
import { createExternalStore, useExternalStore } from './external-store';

export const storageKeys = {
  token: 'cli_token',
  email: 'cli_email',
  name: 'cli_name',
  mobile: 'cli_mobile',
  planType: 'planType',
  planData: 'planData',
  planUrl: 'plan-url',
  buyData: 'buy-data',
  sessionId: 'sessionid',
  gatewayRef: 'led_payment_gateway_ref',
  /** The shop's language, written by lib/i18n; sign-out keeps it (decision 0018). */
  language: 'lang',
  /** Older builds stored the bearer token under this key; it is still read. */
  legacyToken: 'token',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export interface Client {
  token: string;
  email: string;
  name: string;
  mobile: string;
}

export interface SessionState {
  client: Client | undefined;
}

function read(key: StorageKey): string | undefined {
  try {
    return window.localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // storage disabled (private mode, blocked cookies)
  }
}

function write(key: StorageKey, value: string | undefined): void {
  try {
    if (value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Without storage the visitor simply stays signed in for this page only.
  }
}

function readClient(): Client | undefined {
  const token = read(storageKeys.token) ?? read(storageKeys.legacyToken);
  const email = read(storageKeys.email);
  if (!token || !email) return undefined;
  return {
    token,
    email,
    name: read(storageKeys.name) ?? '',
    mobile: read(storageKeys.mobile) ?? '',
  };
}

function readPendingPlan(): { plan: unknown; url: string | undefined } | undefined {
  const raw = read(storageKeys.buyData);
  if (!raw) return undefined;
  try {
    return { plan: JSON.parse(raw) as unknown, url: read(storageKeys.planUrl) };
  } catch {
    return undefined;
  }
}

const store = createExternalStore<SessionState>({ client: readClient() });

type PendingPlan = ReturnType<typeof readPendingPlan>;

/**
 * The chosen plan kept in this page's memory only, once a refused code has cleared local
 * storage (the plan's copy there included, as the spec says). A reload forgets it.
 */
let planInMemory: PendingPlan;

/**
 * The profile's offline copy (lib/offline, IndexedDB) belongs to the sign-in too. Loaded when
 * needed, so the landing's first script does not carry it.
 */
function forgetOfflineCopies(keepAccount?: string): void {
  void import('./offline/snapshot-store')
    .then((copies) =>
      keepAccount === undefined
        ? copies.forgetAllAccounts()
        : copies.forgetOtherAccounts(keepAccount),
    )
    .catch(() => {
      // The code could not load (offline before it was ever cached): nothing was saved with it.
    });
}

export const session = {
  get: () => store.get(),
  bearerToken: (): string | undefined => store.get().client?.token,

  signIn(client: Client): void {
    write(storageKeys.token, client.token);
    write(storageKeys.email, client.email);
    write(storageKeys.name, client.name);
    write(storageKeys.mobile, client.mobile);
    store.set({ client });
    // Another account's eSIMs are never left for this one to see offline.
    forgetOfflineCopies(client.email);
  },

  /**
   * Sign-out clears all stored data, as the spec's logout and refused code do (sections 4
   * and 8). An expired session keeps the plan the visitor chose, so signing in again loses
   * nothing. A details change waiting for the profile goes too: it was for this sign-in, and
   * so does the profile's offline copy.
   */
  signOut(options: { keepPendingPlan?: boolean } = {}): void {
    const pending = options.keepPendingPlan ? readPendingPlan() : undefined;
    // The language is the browser's, not the account's: the next person reads the same.
    const language = read(storageKeys.language);
    try {
      window.localStorage.clear();
    } catch {
      // nothing stored
    }
    if (language) write(storageKeys.language, language);
    if (pending) {
      write(storageKeys.buyData, JSON.stringify(pending.plan));
      write(storageKeys.planUrl, pending.url);
    }
    if (!options.keepPendingPlan) planInMemory = undefined;
    detailsOffer.clear();
    forgetOfflineCopies();
    store.set({ client: undefined });
  },

  /**
   * A refused code signs out and clears local storage, the chosen plan's copy too (spec
   * sections 4 and 8). The plan stays in this page's memory, so the right code typed next
   * still goes to the order summary ("plan-confirmation if a plan was stored"): the visitor
   * would otherwise land on the plan list for one mistyped digit.
   */
  signOutAfterRefusedCode(): void {
    const pending = session.pendingPlan();
    session.signOut();
    planInMemory = pending;
  },

  /** Remember a plan chosen while signed out, and where to return after sign-in. */
  savePendingPlan(plan: unknown, url: string): void {
    write(storageKeys.buyData, JSON.stringify(plan));
    write(storageKeys.planUrl, url);
    planInMemory = undefined;
  },
  /** The stored plan, else the one a refused code left in memory. */
  pendingPlan: (): PendingPlan => readPendingPlan() ?? planInMemory,
  clearPendingPlan(): void {
    write(storageKeys.buyData, undefined);
    write(storageKeys.planUrl, undefined);
    planInMemory = undefined;
  },

  savePayment(sessionId: string, gatewayRef: string): void {
    write(storageKeys.sessionId, sessionId);
    write(storageKeys.gatewayRef, gatewayRef);
  },
  payment(): { sessionId: string | undefined; gatewayRef: string | undefined } {
    return { sessionId: read(storageKeys.sessionId), gatewayRef: read(storageKeys.gatewayRef) };
  },
  clearPayment(): void {
    write(storageKeys.sessionId, undefined);
    write(storageKeys.gatewayRef, undefined);
  },
};

export function useSession(): SessionState {
  return useExternalStore(store);
}
