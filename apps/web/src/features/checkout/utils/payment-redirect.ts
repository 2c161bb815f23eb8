/**
 * The payment-redirect route (spec route table): `?platform=…&status=…`. A payment begun in
 * the mobile app hands back to the app at `{scheme}://payment/{status}` (the scheme is the
 * server's MOBILE_APP_SCHEME); on the web the status picks the success or the cancelled page.
 */
import { paths } from '@tern/contract/routes';

const successStatuses = new Set(['success', 'successful', 'successfull', 'paid', 'approved']);
// A status goes into the app's link as one path segment: nothing else may ride along.
const statusPattern = /^[A-Za-z0-9_-]{1,40}$/;

export type PaymentRedirect =
  | { kind: 'app'; href: string }
  | { kind: 'web'; to: typeof paths.paymentSuccessful | typeof paths.paymentCancelled };

export function paymentRedirect(query: URLSearchParams, appScheme: string): PaymentRedirect {
  const platform = query.get('platform')?.trim().toLowerCase();
  const status = query.get('status')?.trim() ?? '';
  const succeeded = successStatuses.has(status.toLowerCase());
  if (platform === 'mobile') {
    const segment = statusPattern.test(status) ? status : succeeded ? 'success' : 'cancelled';
    return { kind: 'app', href: `${appScheme}://payment/${segment}` };
  }
  return { kind: 'web', to: succeeded ? paths.paymentSuccessful : paths.paymentCancelled };
}
