import { opsCustomerPaths } from '@tern/contract/ops-customers';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { operatorSession } from '../ops-session';
import { renderConsole, requestedUrls, signInAs } from '../testing/render-console';

const account = {
  id: 42,
  email: 'rana@example.com',
  name: 'Rana Haddad',
  language: 'ar',
  createdAt: '2026-10-01T09:00:00.000Z',
  orders: 1,
};
const detail = {
  ...account,
  mobile: '+96170123456',
  verifiedAt: '2026-10-01T09:05:00.000Z',
  orders: [
    {
      ref: 'TERN-1001',
      status: 'fulfilled',
      total: 12.5,
      currency: 'USD',
      plan: 'France 5 GB, 30 days',
      createdAt: '2026-11-27T10:00:00.000Z',
    },
  ],
  esims: [
    {
      iccid: '8944000000000000001',
      plans: ['France 5 GB, 30 days', 'France 1 GB top-up'],
      state: 'in-use',
      createdAt: '2026-11-27T10:00:05.000Z',
    },
  ],
  refunds: [
    {
      ref: 'TERN-0990',
      iccid: null,
      amount: 7.99,
      currency: 'USD',
      kind: 'self-service',
      at: '2026-11-20T08:00:00.000Z',
      completedAt: null,
    },
  ],
  alerts: [
    {
      iccid: '8944000000000000001',
      kind: 'used_80',
      bundle: 'esim_5GB_30D_FR_V2',
      decidedAt: '2026-11-28T12:00:00.000Z',
      mailedAt: '2026-11-28T12:00:03.000Z',
    },
  ],
  activeSessions: 2,
};
const detailPath = opsCustomerPaths.customer.href(account.id);

afterEach(() => operatorSession.end());

describe('the customers in the console', () => {
  it('searches accounts by e-mail, keeps the search in the address and opens an account', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsCustomerPaths.customers.pattern, { body: [] }, { body: [account] });
    api.answer('GET', detailPath, { body: detail });
    const { user } = renderConsole('/ops/customers');

    expect(await screen.findByText('No account matches.')).toBeVisible();
    await user.type(screen.getByLabelText('Search accounts'), 'RANA');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('region', { name: '1 account' });
    expect(within(list).getByText('Rana Haddad')).toBeVisible();
    expect(within(list).getByText('Arabic')).toBeVisible();
    expect(requestedUrls()).toContain(opsCustomerPaths.customers.href('RANA'));

    await user.click(within(list).getByRole('link', { name: account.email }));
    expect(
      await screen.findByRole('heading', { name: /Account .*rana@example\.com/ }),
    ).toBeVisible();
    expect(screen.getByText('2 sessions')).toBeVisible();
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(within(orders).getByRole('link', { name: 'TERN-1001' })).toHaveAttribute(
      'href',
      '/ops/orders/TERN-1001',
    );
    expect(within(orders).getByText('$12.50')).toBeVisible();
    const esims = screen.getByRole('region', { name: 'eSIMs' });
    expect(within(esims).getByText('France 1 GB top-up')).toBeVisible();
    expect(within(esims).getByText('in use')).toBeVisible();
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('asked by the buyer')).toBeVisible();
    expect(within(refunds).getByText('pending')).toBeVisible();
    const alerts = screen.getByRole('region', { name: 'Usage alerts' });
    expect(within(alerts).getByText('80% used')).toBeVisible();
    expect(within(alerts).getByText('esim_5GB_30D_FR_V2')).toBeVisible();
  });

  it('opens with the search the address holds, as a shared link does', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsCustomerPaths.customers.pattern, { body: [account] });
    renderConsole('/ops/customers?q=rana');
    expect(await screen.findByRole('link', { name: account.email })).toBeVisible();
    expect(screen.getByLabelText('Search accounts')).toHaveValue('rana');
    expect(requestedUrls()).toEqual([opsCustomerPaths.customers.href('rana')]);
  });

  it('shows a viewer the account and no action', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', detailPath, { body: detail });
    renderConsole(`/ops/customers/${account.id}`);
    expect(await screen.findByRole('region', { name: 'Orders' })).toBeVisible();
    expect(screen.getByText(/Your role can look but not act/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out of every session' })).toBeNull();
    expect(screen.queryByLabelText('Language of e-mails and invoices')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('signs the account out of every session once the operator confirms', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', detailPath, { body: detail }, { body: { ...detail, activeSessions: 0 } });
    api.answer('POST', opsCustomerPaths.signOutEverywhere.href(account.id), {
      body: { id: account.id, sessionsEnded: 2 },
    });
    const { user } = renderConsole(`/ops/customers/${account.id}`);
    await user.click(await screen.findByRole('button', { name: 'Sign out of every session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('End every session of');
    expect(dialog).toHaveTextContent(account.email);
    expect(api.callsTo('POST', opsCustomerPaths.signOutEverywhere.href(account.id))).toHaveLength(
      0,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(await screen.findByText('Done. 2 sessions ended.')).toBeVisible();
    expect(api.callsTo('POST', opsCustomerPaths.signOutEverywhere.href(account.id))).toHaveLength(
      1,
    );
    expect(await screen.findByText('none')).toBeVisible();
  });

  it('saves the account’s language once confirmed, and tells a refusal inside the dialog', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', detailPath, { body: detail });
    api.answer(
      'PUT',
      opsCustomerPaths.language.href(account.id),
      { status: 403, body: { message: 'Your role may not change accounts.' } },
      { body: { ...detail, language: 'fr' } },
    );
    const { user } = renderConsole(`/ops/customers/${account.id}`);
    const select = await screen.findByLabelText('Language of e-mails and invoices');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.selectOptions(select, 'fr');
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent('e-mails and invoices in French from now on?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your role may not change accounts.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(
      await screen.findByText('Saved. E-mails and invoices now go out in French.'),
    ).toBeVisible();
    expect(
      api.callsTo('PUT', opsCustomerPaths.language.href(account.id)).map((c) => c.body),
    ).toEqual([{ language: 'fr' }, { language: 'fr' }]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
