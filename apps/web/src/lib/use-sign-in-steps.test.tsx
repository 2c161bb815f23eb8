import { accountApiPaths } from '@tern/contract/account-texts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fake-api';
import { shopProviders, testQueryClient } from '../testing/render';
import { ApiError } from './api-client';
import { session } from './session-store';
import { signupRefusal } from './sign-in-details';
import { type SignInStepsOptions, signupStatusText, useSignInSteps } from './use-sign-in-steps';

const signupPath = accountApiPaths.signup.href();
const validateOtpPath = accountApiPaths.validateOtp.href();
const request = { cli_email: 'rana@example.com', cli_name: 'Rana', cli_mobile: '+96171123456' };
const signedIn = {
  message: 'Login successful',
  token: 'token-1',
  data: { cli_email: 'rana@example.com', cli_name: 'Rana', cli_mobile: '+96171123456' },
};

function renderSteps(options: Partial<SignInStepsOptions> = {}) {
  const sendRefusal =
    options.sendRefusal ??
    ((error: unknown, onDetailsForm: boolean) =>
      error instanceof ApiError ? signupRefusal(error, onDetailsForm) : undefined);
  return renderHook(() => useSignInSteps({ ...options, sendRefusal }), {
    wrapper: shopProviders(testQueryClient()),
  });
}

describe('useSignInSteps', () => {
  it('has no code step until a code is sent, then one for the address it went to', async () => {
    fakeApi().answer('POST', signupPath, { body: { message: 'User already registered.' } });
    const { result } = renderSteps();
    expect(result.current.codeStep).toBeUndefined();
    expect(result.current.detailsForm.locked).toBe(false);

    act(() => result.current.detailsForm.onSubmit(request));

    await waitFor(() => expect(result.current.codeStep).toBeDefined());
    expect(result.current.detailsForm.locked).toBe(true);
    expect(result.current.codeStep?.props).toMatchObject({
      status: 'Email already registered. Validate OTP',
      email: 'rana@example.com',
      resent: false,
      refusal: undefined,
    });
  });

  it('signs in with a right code and then runs what the page does next', async () => {
    const api = fakeApi();
    api.answer('POST', signupPath, { body: { message: 'Verify User' } });
    api.answer('POST', validateOtpPath, { body: signedIn });
    const onSignedIn = vi.fn(() => expect(session.get().client?.token).toBe('token-1'));
    const { result } = renderSteps({ onSignedIn });

    act(() => result.current.detailsForm.onSubmit(request));
    await waitFor(() => expect(result.current.codeStep).toBeDefined());
    act(() => result.current.codeStep?.props.onVerify('123456'));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(api.callsTo('POST', validateOtpPath)[0]?.body).toMatchObject({
      ...request,
      cli_number: '123456',
    });
  });

  it('starts the code step afresh after a refused code, with why, and signs out', async () => {
    const api = fakeApi();
    api.answer('POST', signupPath, { body: { message: 'Verify User' } });
    api.answer('POST', validateOtpPath, {
      status: 429,
      body: { message: 'Too many wrong tries for this code. Request a new one.' },
    });
    const onSignedIn = vi.fn();
    const { result } = renderSteps({ onSignedIn });

    act(() => result.current.detailsForm.onSubmit(request));
    await waitFor(() => expect(result.current.codeStep?.round).toBe(1));
    act(() => result.current.codeStep?.props.onVerify('000000'));

    await waitFor(() => expect(result.current.codeStep?.round).toBe(2));
    expect(result.current.codeStep?.props.refusal).toEqual({
      title: 'Error validating OTP',
      details: ['Too many wrong tries for this code. Request a new one.'],
    });
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(session.get().client).toBeUndefined();
  });

  it('marks a new code as resent, and tells its refusal on the code step', async () => {
    const api = fakeApi();
    api.answer(
      'POST',
      signupPath,
      { body: { message: 'Verify User' } },
      { body: { message: 'Verify User' } },
      { status: 503, body: { message: 'Mail is down' } },
    );
    const { result } = renderSteps();

    act(() => result.current.detailsForm.onSubmit(request));
    await waitFor(() => expect(result.current.codeStep?.round).toBe(1));
    act(() => result.current.codeStep?.props.onResend());
    await waitFor(() => expect(result.current.codeStep?.round).toBe(2));
    expect(result.current.codeStep?.props.resent).toBe(true);

    act(() => result.current.codeStep?.props.onResend());
    await waitFor(() => expect(result.current.codeStep?.props.problem).toBeDefined());
    expect(result.current.codeStep?.props.problem?.title).toBe('Mail is down');
    expect(result.current.detailsForm.problem).toBeUndefined();
  });

  it("puts a refused send's field messages on the details form until the details change", async () => {
    fakeApi().answer('POST', signupPath, {
      status: 400,
      body: {
        message: 'Please check the form.',
        errors: [{ path: 'body.cli_email', message: 'Invalid email' }],
      },
    });
    const { result } = renderSteps();

    act(() => result.current.detailsForm.onSubmit(request));
    await waitFor(() => expect(result.current.detailsForm.serverErrors).toBeDefined());
    expect(result.current.detailsForm.serverErrors).toEqual({ email: 'Invalid email' });
    expect(result.current.codeStep).toBeUndefined();

    act(() => result.current.forgetFieldRefusals());
    expect(result.current.detailsForm.serverErrors).toBeUndefined();
  });

  it('shows nothing for a failure the page chooses not to tell', async () => {
    fakeApi().answer('POST', signupPath, { status: 500, body: { message: 'Oops' } });
    const sendRefusal = vi.fn(() => undefined);
    const { result } = renderSteps({ sendRefusal });

    act(() => result.current.detailsForm.onSubmit(request));
    await waitFor(() => expect(sendRefusal).toHaveBeenCalledWith(expect.any(ApiError), true));
    expect(result.current.detailsForm.serverErrors).toBeUndefined();
    expect(result.current.detailsForm.problem).toBeUndefined();
    expect(result.current.detailsForm.locked).toBe(false);
  });

  it('goes back to the details, unlocked, when asked', async () => {
    fakeApi().answer('POST', signupPath, { body: { message: 'Verify User' } });
    const { result } = renderSteps();

    act(() => result.current.detailsForm.onSubmit(request));
    await waitFor(() => expect(result.current.codeStep).toBeDefined());
    act(() => result.current.codeStep?.props.onChangeDetails());

    expect(result.current.codeStep).toBeUndefined();
    expect(result.current.detailsForm.locked).toBe(false);
  });
});

describe('signupStatusText', () => {
  it("tells each sign-up answer's status as the spec words it", () => {
    expect(signupStatusText('Verify User')).toBe('Email not registered. Validate OTP');
    expect(signupStatusText('User already registered.')).toBe(
      'Email already registered. Validate OTP',
    );
    expect(signupStatusText('Email sent to validate OTP')).toBe('Email sent to validate OTP');
  });
});
