import { opsApiPaths } from '@tern/contract/ops';
import { opsMoneyPaths } from '@tern/contract/ops-money';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { operatorSession } from '../ops-session';
import { renderConsole, requestedUrls, signInAs } from '../testing/render-console';

afterEach(() => operatorSession.end());

const day = '2026-11-27';
const emptyReport = {
  date: day,
  gatewayReportedUntil: null,
  unclaimedProviderOrders: [],
  paymentsWithoutOrder: [],
  paidNotFulfilled: [],
  pendingRefunds: [],
};
const unclaimed = {
  reference: 'b7c5-provider-order',
  createdAt: `${day}T09:00:00.000Z`,
  bundles: ['esim_1GB_7D_FR_V2'],
  iccids: ['8944500000000000099'],
  total: 1.2,
  currency: 'USD',
  action: 'return-to-provider',
};

describe('the reconciliation', () => {
  it('returns an unclaimed provider order once the operator confirms', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer(
      'GET',
      opsApiPaths.reconciliation.pattern,
      { body: { ...emptyReport, unclaimedProviderOrders: [unclaimed] } },
      { body: emptyReport },
    );
    const returnPath = opsApiPaths.returnProviderOrder.href(unclaimed.reference);
    api.answer('POST', returnPath, {
      body: { ref: unclaimed.reference, outcome: 'returned' },
    });
    const { user } = renderConsole(`/ops/reconciliation?date=${day}`);
    await user.click(await screen.findByRole('button', { name: 'Return to eSIM Go' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveTextContent(`Return provider order ${unclaimed.reference} to eSIM Go?`);
    expect(api.callsTo('POST', returnPath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, go ahead' }));
    expect(await screen.findByText('Returned.')).toBeVisible();
    expect(api.callsTo('POST', returnPath)).toHaveLength(1);
    expect(requestedUrls()[0]).toContain(`date=${day}`);
  });

  it('shows a viewer what to settle, with no button to settle it', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsApiPaths.reconciliation.pattern, {
      body: { ...emptyReport, unclaimedProviderOrders: [unclaimed] },
    });
    renderConsole(`/ops/reconciliation?date=${day}`);
    expect(await screen.findByText(unclaimed.reference)).toBeVisible();
    expect(screen.getByText('Return to eSIM Go')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Return to eSIM Go' })).toBeNull();
  });
});

const figures = {
  salesCount: 2,
  salesGross: 25,
  salesNet: 22.12,
  salesVat: 2.43,
  salesStamps: 0.45,
  salesDiscount: 1.5,
  salesCredit: 2,
  refundsCount: 1,
  refundsAmount: 12.5,
  refundsNet: 11.06,
  refundsVat: 1.22,
  refundsStamps: 0.22,
  vatDue: 1.21,
};

describe('the money', () => {
  it('shows the period’s figures by country, the balance below its floor, and downloads the CSV', async () => {
    signInAs('viewer');
    const api = fakeApi();
    api.answer('GET', opsMoneyPaths.money.pattern, {
      body: {
        from: '2026-11-01',
        to: day,
        currency: 'USD',
        rows: [{ ...figures, day, iso: 'FR', country: 'France' }],
        byDay: [{ ...figures, day }],
        byCountry: [{ ...figures, iso: 'FR', country: 'France' }],
        totals: figures,
        providerBalance: { balance: 40, currency: 'USD', checkedAt: `${day}T08:00:00Z`, low: true },
        providerBalanceFloor: 50,
      },
    });
    api.answer('GET', opsMoneyPaths.moneyCsv.pattern, { body: 'Day,Country code' });
    const saved = vi.fn();
    URL.createObjectURL = saved.mockReturnValue('blob:csv');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderConsole(`/ops/money?from=2026-11-01&to=${day}`);
    const byCountry = await screen.findByRole('table', { name: 'By country' });
    expect(within(byCountry).getByRole('rowheader', { name: 'France' })).toBeVisible();
    expect(within(byCountry).getByText('$25.00')).toBeVisible();
    expect(screen.getByText(/below its floor of \$50\.00/)).toBeVisible();
    // What promo codes and store credit took off the sales (issue 31).
    expect(screen.getByText('Promo code discounts').nextElementSibling).toHaveTextContent('$1.50');
    expect(screen.getByText('Store credit spent').nextElementSibling).toHaveTextContent('$2.00');
    await user.click(screen.getByRole('button', { name: 'Download the figures (CSV)' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(requestedUrls().some((url) => url.includes('money.csv?from=2026-11-01&to='))).toBe(true);
  });
});

describe('the health', () => {
  it('says each part’s state in words and charts the last 24 hours', async () => {
    signInAs('viewer');
    const api = fakeApi();
    const calls = { calls: 10, failed: 1, errorRate: 0.1 };
    const hours = Array.from({ length: 24 }, (_, index) => ({
      hour: new Date(Date.UTC(2026, 10, 26, 15 + index)).toISOString(),
      orders: index,
      paid: index,
      delivered: index,
      fulfilmentP50Seconds: index === 0 ? null : 4,
      fulfilmentP99Seconds: index === 0 ? null : 9,
      esimGo: calls,
      gateway: calls,
      mail: calls,
    }));
    api.answer('GET', opsMoneyPaths.health.href(), {
      body: {
        at: `${day}T15:00:00Z`,
        parts: {
          database: 'up',
          redis: 'in-memory',
          esimGo: { state: 'down', checkedAt: null },
          gateway: { state: 'stand-in', checkedAt: null },
          mail: { state: 'unknown', checkedAt: null },
          catalogue: 'ready',
        },
        hours,
      },
    });
    renderConsole('/ops/health');
    const esimGo = (await screen.findByText('eSIM Go', { selector: 'span' })).closest('li');
    expect(esimGo).toHaveTextContent('Down');
    expect(screen.getByRole('img', { name: 'Orders per hour' })).toBeVisible();
    // Orders and deliveries both peak at 23 in the last hour.
    expect(screen.getAllByText('Highest: 23')).toHaveLength(2);
    expect(screen.getAllByText('Highest: 10%')).toHaveLength(3);
  });
});
