import { accountApiPaths } from '@tern/contract/account-texts';
import { orderMessages } from '@tern/contract/order-texts';
import { paths } from '@tern/contract/routes';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
