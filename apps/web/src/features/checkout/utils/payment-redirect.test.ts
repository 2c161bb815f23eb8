import { paths } from '@tern/contract/routes';
import { describe, expect, it } from 'vitest';
import { paymentRedirect } from './payment-redirect';

const redirect = (query: string) => paymentRedirect(new URLSearchParams(query), 'tern');

describe('the payment-redirect route', () => {
  it('hands a mobile payment back to the app with its status', () => {
    expect(redirect('platform=mobile&status=success')).toEqual({
      kind: 'app',
      href: 'tern://payment/success',
    });
    expect(redirect('platform=Mobile&status=cancelled')).toEqual({
      kind: 'app',
      href: 'tern://payment/cancelled',
    });
  });

  it("uses the app's configured scheme", () => {
    expect(paymentRedirect(new URLSearchParams('platform=mobile&status=success'), 'acme')).toEqual({
      kind: 'app',
      href: 'acme://payment/success',
    });
  });

  it('never lets a status smuggle more than one path segment into the app link', () => {
    expect(redirect('platform=mobile&status=../../evil?x=1')).toEqual({
      kind: 'app',
      href: 'tern://payment/cancelled',
    });
    expect(redirect('platform=mobile')).toEqual({ kind: 'app', href: 'tern://payment/cancelled' });
  });

  it('sends a web payment to the success page when it succeeded', () => {
    expect(redirect('platform=web&status=success')).toEqual({
      kind: 'web',
      to: paths.paymentSuccessful,
    });
    expect(redirect('status=SUCCESS')).toEqual({ kind: 'web', to: paths.paymentSuccessful });
  });

  it('sends any other web outcome to the cancelled page', () => {
    for (const query of ['platform=web&status=cancelled', 'status=failed', '']) {
      expect(redirect(query)).toEqual({ kind: 'web', to: paths.paymentCancelled });
    }
  });
});
