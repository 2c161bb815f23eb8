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
  /** Whether this phone is unlocked (yes, no, unsure), asked before buying; sign-out keeps it. */
  phoneUnlocked: 'phone-unlocked',
  /**
   * This browser's random id (lib/device-id.ts), sent as X-Tern-Device; logout keeps it, or
   * it would make the same phone a new device to the referral rule (issue 31). A refused code
   * still clears all storage (spec sections 4 and 8).
   */
  device: 'tern.device',
  /** `esim-install-read:<iccid>`: the once-only warning of that eSIM was read on this device. */
  installNoticeRead: 'esim-install-read',
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

/** Listeners told when another tab's logout or sign-in ended this tab's session. */
const endedElsewhereListeners = new Set<() => void>();

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

/** The keys the sign-in is kept under: another tab changing one changes who is signed in. */
const signInKeys: readonly string[] = [
  storageKeys.token,
  storageKeys.legacyToken,
  storageKeys.email,
  storageKeys.name,
  storageKeys.mobile,
];

const sameClient = (a: Client | undefined, b: Client | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.token === b.token &&
    a.email === b.email &&
    a.name === b.name &&
    a.mobile === b.mobile);

/**
 * Another tab's logout or sign-in reaches this one (issue 29). The browser tells every other
 * tab of the shop of a change to local storage with a `storage` event (`key` null for the
 * clear() that logout does); this tab then takes the stored sign-in as its own. One whose
 * token went ends here too, and what this tab kept of it goes, as after a logout here: the
 * details change offered, the signed-in answers (app/query-client) and the offline copy,
 * which this tab may have written after the other tab cleared it.
 */
function followOtherTab(event: StorageEvent): void {
  if (event.key !== null && !signInKeys.includes(event.key)) return;
  const current = store.get().client;
  const stored = readClient();
  if (sameClient(current, stored)) return;
  store.set({ client: stored });
  if (current && stored?.token !== current.token) {
    detailsOffer.clear();
    forgetOfflineCopies(stored?.email);
    for (const listener of endedElsewhereListeners) listener();
  }
}

// Not in the prerender, which runs without a window.
if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTab);

export const session = {
  get: () => store.get(),
  bearerToken: (): string | undefined => store.get().client?.token,

  /**
   * Whether `client`'s sign-in is still this browser's, read from storage at the moment of
   * asking: another tab's logout reaches this tab's memory only with its `storage` event, a
   * task or more later, and nothing of an account may be kept after its logout. Without
   * storage no tab can tell another has signed out, so nothing counts as still signed in.
   */
  isStillSignedIn(client: Client): boolean {
    return store.get().client?.token === client.token && readClient()?.token === client.token;
  },

  /** Calls `listener` each time another tab's logout or sign-in ends this tab's session. */
  onEndedElsewhere(listener: () => void): () => void {
    endedElsewhereListeners.add(listener);
    return () => endedElsewhereListeners.delete(listener);
  },

  signIn(client: Client): void {
    // Other tabs read these keys as each one changes (followOtherTab): a new token goes in
    // last, after the old one is gone, so no tab ever reads one account's token with another's
    // e-mail. The same token (new details) stays, so other tabs stay signed in meanwhile.
    if (readClient()?.token !== client.token) {
      write(storageKeys.token, undefined);
      write(storageKeys.legacyToken, undefined);
    }
    write(storageKeys.email, client.email);
    write(storageKeys.name, client.name);
    write(storageKeys.mobile, client.mobile);
    write(storageKeys.token, client.token);
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
    // Whether the phone is unlocked is the device's, too.
    const phoneUnlocked = read(storageKeys.phoneUnlocked);
    // So is the device's id: the next account on this browser is on the same device.
    const device = read(storageKeys.device);
    try {
      window.localStorage.clear();
    } catch {
      // nothing stored
    }
    if (language) write(storageKeys.language, language);
    if (phoneUnlocked) write(storageKeys.phoneUnlocked, phoneUnlocked);
    if (device) write(storageKeys.device, device);
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
    write(storageKeys.device, undefined);
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
  /**
   * A payment without a gateway session: a one-tap top-up with a saved card (issue 32). Only
   * the order's reference is kept, where the hosted payment keeps its gateway reference, so
   * the payment-successful route follows it the same way.
   */
  savePaymentReference(gatewayRef: string): void {
    write(storageKeys.sessionId, undefined);
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
