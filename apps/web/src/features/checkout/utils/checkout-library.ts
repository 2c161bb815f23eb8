/**
 * The payment gateway's Checkout library (MPGS checkout.min.js), loaded from the gateway
 * itself as MPGS requires, then used as documented: `Checkout.configure({session: {id}})`,
 * then `Checkout.showPaymentPage()`, which takes the browser to the hosted payment page.
 * https://ap-gateway.mastercard.com/api/documentation/integrationGuidelines/hostedCheckout/implementingTheHostedPaymentPage.html
 */

export interface CheckoutLibrary {
  configure(options: { session: { id: string } }): void;
  showPaymentPage(): void;
}

/** What the library hands its error callback, e.g. cause SERVER_FAILED when it cannot reach its server. */
export interface CheckoutError {
  cause?: string;
  explanation?: string;
}

declare global {
  interface Window {
    /** Put in the global scope by checkout.min.js. */
    Checkout?: CheckoutLibrary;
    /** The error callback the script tag names in data-error. */
    [CHECKOUT_ERROR_CALLBACK]?: (error: CheckoutError) => void;
  }
}

/**
 * The global function the library calls when it fails after it loaded (it cannot reach its
 * server, the session is unknown): named by the tag's data-error, as MPGS documents
 * (https://ap-gateway.mastercard.com/api/documentation/apiDocumentation/checkout/version/55/callback/error.html).
 * Without it the payer would wait on "Taking you to the secure payment page…" for nothing.
 */
const CHECKOUT_ERROR_CALLBACK = 'ternCheckoutError';
const errorListeners = new Set<(error: CheckoutError) => void>();

/** Calls `listener` on each error the library reports; returns the way to stop. */
export function onCheckoutError(listener: (error: CheckoutError) => void): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

/** Adds the library's script tag once (a second visit reuses it) and waits for it. */
export function loadCheckoutLibrary(scriptUrl: string): Promise<CheckoutLibrary> {
  const loaded = window.Checkout;
  if (loaded) return Promise.resolve(loaded);
  window[CHECKOUT_ERROR_CALLBACK] = (error) => {
    for (const listener of errorListeners) listener(error);
  };
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.error = CHECKOUT_ERROR_CALLBACK;
    script.addEventListener('load', () => {
      const library = window.Checkout;
      if (library) resolve(library);
      else reject(new Error(`${scriptUrl} defined no Checkout`));
    });
    script.addEventListener('error', () => {
      // A later attempt adds a fresh tag rather than waiting on this dead one.
      script.remove();
      reject(new Error(`${scriptUrl} could not be loaded`));
    });
    document.head.append(script);
  });
}

/**
 * Shows the hosted payment page of `sessionId`: the browser leaves the shop. The history
 * entry it leaves from is marked, so Back from the gateway can tell it returns here.
 */
export function showPaymentPage(library: CheckoutLibrary, sessionId: string): void {
  window.history.replaceState({ ...historyState(), [LEFT_FOR_GATEWAY]: true }, '');
  library.configure({ session: { id: sessionId } });
  library.showPaymentPage();
}

/**
 * True when the browser came Back from the gateway's page to the entry that opened it: going
 * there again at once would trap the payer between the two pages, so they choose instead.
 * A reload or a new visit of the payment route shows the gateway's page again.
 */
export function cameBackFromGateway(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward' && historyState()[LEFT_FOR_GATEWAY] === true;
}

const LEFT_FOR_GATEWAY = 'ternLeftForGateway';

function historyState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}
