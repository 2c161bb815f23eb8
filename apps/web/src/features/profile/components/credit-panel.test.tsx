import { creditApiPaths } from '@tern/contract/credit';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { signInRana } from '../../../testing/profile';
import { queriesSettled, renderInShop } from '../../../testing/render';
import { CreditPanel } from './credit-panel';

const creditPath = creditApiPaths.credit.href();

describe('the store credit on the profile', () => {
  beforeEach(signInRana);

  it('shows the balance and every entry with its reason, newest first', async () => {
    const api = fakeApi();
    api.answer('GET', creditPath, {
      body: {
        balance: 4,
        currency: 'USD',
        entries: [
          {
            at: '2026-11-25T10:00:00Z',
            amount: 1,
            reason: 'Returned: order TRN-AAAAAAAAAAAAAAAA was not paid',
            kind: 'order-unpaid',
            order: 'TRN-AAAAAAAAAAAAAAAA',
          },
          {
            at: '2026-11-24T10:00:00Z',
            amount: -1,
            reason: 'Spent on order TRN-AAAAAAAAAAAAAAAA',
            kind: 'order-payment',
            order: 'TRN-AAAAAAAAAAAAAAAA',
          },
          {
            at: '2026-11-23T10:00:00Z',
            amount: 4,
            reason: 'Delivery took an hour',
            kind: 'grant',
            order: null,
          },
        ],
      },
    });
    renderInShop(<CreditPanel email="rana@example.com" />);

    const panel = await screen.findByRole('region', { name: 'Store credit' });
    expect(within(panel).getByText('Balance: $4.00')).toBeVisible();
    expect(within(panel).getByText(/never expires/)).toBeVisible();
    const table = within(panel).getByRole('table', { name: 'Credit history' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Returned: order TRN-AAAAAAAAAAAAAAAA was not paid', '+$1.00'],
      ['Spent on order TRN-AAAAAAAAAAAAAAAA', '−$1.00'],
      ['Credit from the shop: Delivery took an hour', '+$4.00'],
    ]);
  });

  it('shows nothing to an account that never had credit', async () => {
    const api = fakeApi();
    api.answer('GET', creditPath, { body: { balance: 0, currency: 'USD', entries: [] } });
    const { container, queryClient } = renderInShop(<CreditPanel email="rana@example.com" />);
    await queriesSettled(queryClient);
    expect(api.callsTo('GET', creditPath)).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
  });

  it('says when the credit could not be loaded, and offers to try again', async () => {
    const api = fakeApi();
    api.answer(
      'GET',
      creditPath,
      { status: 503, body: { message: 'Down' } },
      {
        body: { balance: 2, currency: 'USD', entries: [] },
      },
    );
    const { user } = renderInShop(<CreditPanel email="rana@example.com" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your store credit could not be loaded.');
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByText('Balance: $2.00')).toBeVisible();
  });
});
