import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCheckoutLibrary, onCheckoutError } from './checkout-library';

const SCRIPT_URL = 'https://gateway.example.com/static/checkout/checkout.min.js';

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete window.Checkout;
});

describe("the gateway's Checkout library", () => {
  it('names an error callback on its tag, and the page hears what the library reports', async () => {
    const loading = loadCheckoutLibrary(SCRIPT_URL);
    const tag = document.head.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
    const callback = tag?.dataset.error ?? '';
    expect(callback).not.toBe('');

    const heard = vi.fn();
    const stop = onCheckoutError(heard);
    // What checkout.min.js does when it cannot reach its server.
    const report = (window as unknown as Record<string, (error: unknown) => void>)[callback];
    report?.({ result: 'ERROR', cause: 'SERVER_FAILED', explanation: 'unreachable' });
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ cause: 'SERVER_FAILED' }));

    stop();
    report?.({ cause: 'SERVER_BUSY' });
    expect(heard).toHaveBeenCalledTimes(1);

    window.Checkout = { configure: () => {}, showPaymentPage: () => {} };
    tag?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(window.Checkout);
  });
});
