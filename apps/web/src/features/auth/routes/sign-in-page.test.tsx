import { accountApiPaths } from '@tern/contract/account-texts';
import { paths } from '@tern/contract/routes';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session-store';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { fill, renderInShop } from '../../../testing/render';
import { SignInPage } from './sign-in-page';

const signupPath = accountApiPaths.signup.href();
const validateOtpPath = accountApiPaths.validateOtp.href();
const signedIn = {
  message: 'Login successful',
  token: 'token-1',
  data: { cli_email: 'rana@example.com', cli_name: 'Rana Haddad', cli_mobile: '+96171123456' },
};

function renderSignIn() {
  return renderInShop(
    <Routes>
      <Route path={paths.signIn} element={<SignInPage />} />
      <Route path={paths.plan} element={<p>The plans</p>} />
      <Route path={paths.planConfirmation} element={<p>The order summary</p>} />
    </Routes>,
    { path: paths.signIn },
  );
}

async function sendDetails(user: UserEvent) {
  await fill(user, screen.getByLabelText('Email address'), 'rana@example.com');
  await fill(user, screen.getByLabelText('Full name'), 'Rana Haddad');
  await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '71 123 456');
  await user.click(screen.getByRole('button', { name: 'Send sign-in code' }));
}

async function enterCode(user: UserEvent, code: string) {
  await fill(user, await screen.findByLabelText('6-digit code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

function answerSignup(api: FakeApi) {
  api.answer('POST', signupPath, { body: { message: 'Verify User' } });
}

describe('the sign-in steps', () => {
  it('go from the details to the code, and a right code signs in and opens the plans', async () => {
    const api = fakeApi();
    answerSignup(api);
    api.answer('POST', validateOtpPath, { body: signedIn });
    const { user } = renderSignIn();

    await sendDetails(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Email not registered. Validate OTP',
    );
    expect(screen.getByText(/We e-mailed a 6-digit code to/)).toHaveTextContent('rana@example.com');
    expect(screen.getByLabelText('Email address')).toBeDisabled();
    await enterCode(user, '123456');

    expect(await screen.findByText('The plans')).toBeInTheDocument();
    expect(session.get().client?.token).toBe('token-1');
    expect(api.callsTo('POST', validateOtpPath)[0]?.body).toMatchObject({
      cli_email: 'rana@example.com',
      cli_name: 'Rana Haddad',
      cli_mobile: '+96171123456',
      cli_number: '123456',
    });
  });

  it('tells a wrong code by the code field, and stays signed out', async () => {
    const api = fakeApi();
    answerSignup(api);
    api.answer('POST', validateOtpPath, { status: 400, body: { message: 'Invalid OTP' } });
    const { user } = renderSignIn();

    await sendDetails(user);
    await enterCode(user, '999999');

    const field = await screen.findByLabelText('6-digit code');
    await screen.findByText('Error validating OTP');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Error validating OTP'));
    expect(screen.getByText('Invalid OTP')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(session.get().client).toBeUndefined();
    expect(screen.queryByText('The plans')).not.toBeInTheDocument();
  });

  it('sends a new code when asked, and says it is a new one', async () => {
    const api = fakeApi();
    answerSignup(api);
    const { user } = renderSignIn();

    await sendDetails(user);
    await screen.findByText(/We e-mailed a 6-digit code to/);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText(/We e-mailed a new 6-digit code to/)).toBeInTheDocument();
    expect(api.callsTo('POST', signupPath)).toHaveLength(2);
    expect(api.callsTo('POST', signupPath)[1]?.body).toMatchObject({
      cli_email: 'rana@example.com',
    });
  });

  it('tells a new code refused by the server by its button', async () => {
    const api = fakeApi();
    api.answer(
      'POST',
      signupPath,
      { body: { message: 'Verify User' } },
      { status: 429, body: { message: 'Too many requests. Try again in a minute.' } },
    );
    const { user } = renderSignIn();

    await sendDetails(user);
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText('Too many requests. Try again in a minute.')).toBeVisible();
    expect(screen.getByLabelText('6-digit code')).toBeInTheDocument();
  });

  it('goes back to the details, focused on the e-mail, for a different e-mail', async () => {
    const api = fakeApi();
    answerSignup(api);
    const { user } = renderSignIn();

    await sendDetails(user);
    await user.click(await screen.findByRole('button', { name: 'Use a different e-mail' }));

    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeEnabled();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });
});
