import { accountApiPaths } from '@tern/contract/account-texts';
import { orderMessages } from '@tern/contract/order-texts';
import { orderApiPaths } from '@tern/contract/orders';
import { paths } from '@tern/contract/routes';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session-store';
import { francePlan } from '../../../testing/catalog';
import { fakeApi } from '../../../testing/fake-api';
import { fill, renderInShop } from '../../../testing/render';
import { CheckoutPage } from './checkout-page';

const signupPath = accountApiPaths.signup.href();
const validateOtpPath = accountApiPaths.validateOtp.href();

async function sendDetails(user: UserEvent) {
  await fill(user, screen.getByLabelText('Email'), 'rana@example.com');
  await fill(user, screen.getByLabelText('Name'), 'Rana Haddad');
  await fill(user, screen.getByLabelText('Mobile'), '+96171123456');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

describe("the legacy checkout's sign-in steps", () => {
  beforeEach(() => session.savePendingPlan(francePlan, ''));

  it('confirm the buyer with a code, in the sign-in words, then show their details', async () => {
    const api = fakeApi();
    api.answer('POST', signupPath, { body: { message: 'User already registered.' } });
    api.answer('POST', validateOtpPath, {
      body: {
        message: 'Login successful',
        token: 'token-1',
        data: { cli_email: 'rana@example.com', cli_name: 'Rana Haddad', cli_mobile: '' },
      },
    });
    const { user } = renderInShop(<CheckoutPage />, { path: paths.checkout });

    await sendDetails(user);
    expect(await screen.findByText('Email already registered. Validate OTP')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('button', { name: 'Proceed to payment' })).toBeEnabled();
    expect(session.get().client?.email).toBe('rana@example.com');
  });

  it('tell a code that could not be sent at all by the button, where sign-in says nothing', async () => {
    fakeApi().answer('POST', signupPath, () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderInShop(<CheckoutPage />, { path: paths.checkout });

    await sendDetails(user);

    expect(await screen.findByText(orderMessages.gatewayUnavailable)).toBeInTheDocument();
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });
});

describe('the legacy checkout for the buyer’s own country', () => {
  it('holds the payment until the buyer confirms, then opens it through create-session', async () => {
    session.savePendingPlan(francePlan, '');
    session.signIn({
      token: 't',
      email: 'camille@example.com',
      name: 'Camille',
      mobile: '+33612345678',
    });
    const api = fakeApi();
    const createSession = orderApiPaths.createSession.href();
    api.answer('POST', createSession, { status: 502, body: { message: 'Stop here' } });
    const { user } = renderInShop(<CheckoutPage />, { path: paths.checkout });

    const proceed = screen.getByRole('button', { name: 'Proceed to payment' });
    expect(proceed).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Yes, I want a plan for France' }));
    await user.click(proceed);
    await vi.waitFor(() => expect(api.callsTo('POST', createSession)).toHaveLength(1));
    expect(api.callsTo('POST', createSession)[0]?.body).toMatchObject({
      pur_pla_name: francePlan.pla_name,
      pur_home_country_confirmed: true,
    });
    expect(api.callsTo('POST', orderApiPaths.legacyCheckout.href())).toHaveLength(0);
  });
});
