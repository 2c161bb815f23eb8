import { opsApiPaths } from '@tern/contract/ops';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session-store';
import { fakeApi } from '../../../testing/fake-api';
import { fill, renderInShop } from '../../../testing/render';
import { operatorSession } from '../ops-session';
import { OpsConsolePage } from './ops-console-page';

const email = 'lead@tern.test';
const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
const order = {
  ref: 'TERN-1001',
  state: 'fulfilled',
  email: 'rana@example.com',
  iccid: '8944000000000000001',
  amount: 12.5,
  currency: 'USD',
  plan: 'France 5 GB, 30 days',
  type: 'purchase',
  createdAt: '2026-11-27T10:00:00.000Z',
};
const detail = {
  ...order,
  events: [
    { at: '2026-11-27T10:00:00.000Z', event: 'created', detail: null },
    { at: '2026-11-27T10:00:05.000Z', event: 'provider-order', detail: 'ok in 420 ms' },
  ],
  busy: false,
  refundable: true,
  parked: false,
  discount: 0,
  credit: 0,
};

function signInAs(role: 'operator' | 'viewer') {
  operatorSession.start({ token: 'ops-token', role, email, expiresAt });
}

afterEach(() => operatorSession.end());

/** The console where the app's router puts it, at `path`. */
function renderConsole(path: string) {
  return renderInShop(
    <Routes>
      <Route path="/ops/*" element={<OpsConsolePage />} />
    </Routes>,
    { path },
  );
}

describe('the console’s sign-in', () => {
  it('enrols the authenticator at the first sign-in, shows the recovery codes once, then opens', async () => {
    const api = fakeApi();
    api.answer('POST', opsApiPaths.signIn.href(), { body: { message: 'sent' } });
    api.answer(
      'POST',
      opsApiPaths.verify.href(),
      { body: { totpSetup: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x' } } },
      {
        body: {
          token: 'ops-token',
          role: 'operator',
          email,
          expiresAt,
          recoveryCodes: ['abcd-efgh', 'ijkl-mnop'],
        },
      },
    );
    api.answer('GET', opsApiPaths.orders.pattern, { body: [order] });
    const { user } = renderConsole('/ops');

    await fill(user, screen.getByLabelText('E-mail address'), email);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await fill(user, await screen.findByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await fill(
      user,
      screen.getByLabelText('Code from your authenticator app, or a recovery code'),
      '654321',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
    expect(screen.getByText('abcd-efgh')).toBeVisible();
    expect(operatorSession.get()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'I have kept them' }));

    expect(await screen.findByRole('link', { name: order.ref })).toBeVisible();
    expect(api.callsTo('POST', opsApiPaths.verify.href())[1]?.body).toEqual({
      email,
      code: '123456',
      totp: '654321',
    });
    // The recovery codes are not kept anywhere once shown.
    expect(JSON.stringify(operatorSession.get())).not.toContain('abcd-efgh');
    expect(window.sessionStorage.getItem('tern.ops.session')).not.toContain('abcd-efgh');
  });

  it('tells a refused code and stays on the step', async () => {
    const api = fakeApi();
    api.answer('POST', opsApiPaths.signIn.href(), { body: { message: 'sent' } });
    api.answer('POST', opsApiPaths.verify.href(), {
      status: 401,
      body: { message: 'The e-mail code or the authenticator code is not right, or has expired.' },
    });
    const { user } = renderConsole('/ops');
    await fill(user, screen.getByLabelText('E-mail address'), email);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await fill(user, await screen.findByLabelText('Code from the e-mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail code or the authenticator code is not right, or has expired.',
    );
    expect(operatorSession.get()).toBeUndefined();
    // Typing the next code keeps the focus in the field: the alert does not take it back.
    const codeField = screen.getByLabelText('Code from the e-mail');
    await user.clear(codeField);
    await user.type(codeField, '123');
    expect(codeField).toHaveFocus();
    expect(codeField).toHaveValue('123');
  });
});

describe('an order in the console', () => {
  it('sends the operator’s token, never the buyer’s', async () => {
    session.signIn({ token: 'buyer-token', client: { id: 1, email: 'b@x.test' } } as never);
    signInAs('viewer');
    const seen: (string | null)[] = [];
    const api = fakeApi();
    api.answer('GET', opsApiPaths.orders.pattern, { body: [order] });
    renderConsole('/ops');
    await screen.findByRole('link', { name: order.ref });
    for (const call of (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock
      .calls)
      seen.push(new Headers(call[1].headers).get('authorization'));
    expect(seen).toEqual(['Bearer ops-token']);
    expect(api.calls).toHaveLength(1);
  });

  it('shows a viewer the timeline and no action', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsApiPaths.order.href(order.ref), { body: detail });
    renderConsole(`/ops/orders/${order.ref}`);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('ok in 420 ms')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Refund in full' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry fulfilment' })).toBeNull();
    expect(screen.getByText(/Your role can look but not act/)).toBeVisible();
  });

  it('says what a promo code and store credit took off, beside what the card paid', async () => {
    signInAs('viewer');
    fakeApi().answer('GET', opsApiPaths.order.href(order.ref), {
      body: { ...detail, discount: 1.5, credit: 2 },
    });
    renderConsole(`/ops/orders/${order.ref}`);
    expect((await screen.findByText('Promo code discount')).nextElementSibling).toHaveTextContent(
      '$1.50',
    );
    expect(screen.getByText('Store credit used').nextElementSibling).toHaveTextContent('$2.00');
  });

  it('refunds after the operator confirms with a reason, and tells the new state', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer(
      'GET',
      opsApiPaths.order.href(order.ref),
      { body: detail },
      { body: { ...detail, state: 'refunded', refundable: false } },
    );
    api.answer('POST', opsApiPaths.refund.href(order.ref), {
      body: { ref: order.ref, state: 'refunded' },
    });
    const { user } = renderConsole(`/ops/orders/${order.ref}`);
    await user.click(await screen.findByRole('button', { name: 'Refund in full' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('Refund $12.50 to the buyer of order TERN-1001?');
    const yes = within(dialog).getByRole('button', { name: 'Yes, go ahead' });
    expect(yes).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('Reason for the refund'), 'duplicate order');
    await user.click(yes);
    expect(await screen.findByText('Done. The order is now refunded.')).toBeVisible();
    expect(api.callsTo('POST', opsApiPaths.refund.href(order.ref))[0]?.body).toEqual({
      reason: 'duplicate order',
    });
  });

  it('tells a refusal inside the dialog: a worker holds the order', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', opsApiPaths.order.href(order.ref), { body: detail });
    api.answer('POST', opsApiPaths.retry.href(order.ref), {
      status: 409,
      body: { message: 'A worker is handling this order right now.' },
    });
    const { user } = renderConsole(`/ops/orders/${order.ref}`);
    await user.click(await screen.findByRole('button', { name: 'Retry fulfilment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A worker is handling this order right now.',
    );
  });

  it('ends the console’s session when the server no longer knows it', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', opsApiPaths.orders.pattern, { status: 401, body: { message: 'Sign in' } });
    renderConsole('/ops');
    expect(await screen.findByLabelText('E-mail address')).toBeVisible();
    await waitFor(() => expect(operatorSession.get()).toBeUndefined());
  });

  it('marks a parked order handled with what was done, after the operator confirms', async () => {
    signInAs('operator');
    const api = fakeApi();
    const parked = { ...detail, state: 'fulfilling', refundable: true, parked: true };
    api.answer(
      'GET',
      opsApiPaths.order.href(order.ref),
      { body: parked },
      {
        body: { ...parked, parked: false },
      },
    );
    api.answer('POST', opsApiPaths.markHandled.href(order.ref), {
      body: { ref: order.ref, state: 'fulfilling' },
    });
    const { user } = renderConsole(`/ops/orders/${order.ref}`);
    expect(await screen.findByText(/it waits for an operator/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mark as handled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    const yes = within(dialog).getByRole('button', { name: 'Yes, go ahead' });
    expect(yes).toBeDisabled();
    await fill(user, within(dialog).getByLabelText('What was done'), 'eSIM sent by hand');
    await user.click(yes);
    expect(await screen.findByText('Done. The order is now fulfilling.')).toBeVisible();
    expect(api.callsTo('POST', opsApiPaths.markHandled.href(order.ref))[0]?.body).toEqual({
      note: 'eSIM sent by hand',
    });
  });
});

describe('the orders’ search', () => {
  it('narrows by state and days, and keeps them in the address', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsApiPaths.orders.pattern, { body: [order] }, { body: [] });
    const { user } = renderConsole('/ops');
    await screen.findByRole('link', { name: order.ref });
    await fill(user, screen.getByRole('searchbox', { name: /Search orders/ }), 'rana@example.com');
    await user.selectOptions(screen.getByLabelText('State'), 'refunded');
    await fill(user, screen.getByLabelText('Made from (UTC)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No order matches.')).toBeVisible();
    const urls = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([url]) =>
      String(url),
    );
    expect(urls.at(-1)).toBe('/api/ops/orders?q=rana%40example.com&state=refunded&from=2026-11-01');
  });
});
