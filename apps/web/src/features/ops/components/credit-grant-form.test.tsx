import { opsCreditPaths } from '@tern/contract/credit';
import { opsCustomerPaths } from '@tern/contract/ops-customers';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { operatorSession } from '../ops-session';
import { renderConsole, signInAs } from '../testing/render-console';

const detail = {
  id: 42,
  email: 'rana@example.com',
  name: 'Rana Haddad',
  language: 'en',
  createdAt: '2026-10-01T09:00:00.000Z',
  mobile: '+96170123456',
  verifiedAt: '2026-10-01T09:05:00.000Z',
  orders: [],
  esims: [],
  refunds: [],
  alerts: [],
  activeSessions: 1,
};
const detailPath = opsCustomerPaths.customer.href(detail.id);
const grantPath = opsCreditPaths.grant.href(detail.id);

afterEach(() => operatorSession.end());

describe('store credit from the console', () => {
  it('gives an account credit with a reason, and tells a refusal', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', detailPath, { body: detail });
    api.answer(
      'POST',
      grantPath,
      { status: 400, body: { message: 'The credit must be an amount between 0.01 and 1000 USD.' } },
      { body: { id: 7, balance: 12.5, currency: 'USD' } },
    );
    const { user } = renderConsole(`/ops/customers/${detail.id}`);
    const section = await screen.findByRole('region', { name: 'Store credit' });
    await user.type(within(section).getByLabelText('Amount (USD)'), '12.5');
    await user.type(
      within(section).getByLabelText('Reason (the buyer reads it)'),
      'Delivery took an hour',
    );
    await user.click(within(section).getByRole('button', { name: 'Give credit' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The credit must be an amount between 0.01 and 1000 USD.',
    );

    await user.click(within(section).getByRole('button', { name: 'Give credit' }));
    expect(
      await within(section).findByText("Credit given. The account's balance is now $12.50."),
    ).toBeVisible();
    expect(api.callsTo('POST', grantPath).map((call) => call.body)).toEqual([
      { amount: 12.5, reason: 'Delivery took an hour' },
      { amount: 12.5, reason: 'Delivery took an hour' },
    ]);
    expect(within(section).getByLabelText('Amount (USD)')).toHaveValue(null);
  });

  it('offers a viewer no grant', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', detailPath, { body: detail });
    renderConsole(`/ops/customers/${detail.id}`);
    expect(await screen.findByText(/Your role can look but not act/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Give credit' })).toBeNull();
  });
});
