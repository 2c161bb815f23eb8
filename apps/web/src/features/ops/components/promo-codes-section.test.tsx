import { promoCodePaths, promoMessages } from '@tern/contract/promo-codes';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { fill } from '../../../testing/render';
import { operatorSession } from '../ops-session';
import { renderConsole, signInAs } from '../testing/render-console';

const summer = {
  code: 'SUMMER10',
  percentOff: 10,
  amountOff: null,
  startsAt: '2026-06-01T00:00:00.000Z',
  endsAt: '2026-09-01T00:00:00.000Z',
  maxUses: 500,
  uses: 37,
  minPrice: 0,
  destinations: [],
  createdBy: 'lead@tern.test',
  createdAt: '2026-05-20T08:00:00.000Z',
};

afterEach(() => operatorSession.end());

async function fillForm(user: ReturnType<typeof renderConsole>['user']) {
  await fill(user, await screen.findByLabelText('Code'), 'winter5');
  await user.selectOptions(screen.getByLabelText('Kind'), 'amount');
  await fill(user, screen.getByLabelText('Amount off (USD)'), '5');
  await fill(user, screen.getByLabelText('Last day (UTC)'), '2099-01-31');
  await fill(user, screen.getByLabelText('Destinations'), 'FR, Europe');
}

describe('the promo codes in the console', () => {
  it('lists each code with its uses, days and destinations; a viewer gets no form', async () => {
    signInAs('viewer');
    fakeApi().answer('GET', promoCodePaths.promoCodes.href(), { body: [summer] });
    renderConsole('/ops/promo-codes');
    const table = await screen.findByRole('region', { name: 'Promo codes' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('SUMMER10');
    expect(row).toHaveTextContent('10%');
    expect(row).toHaveTextContent('2026-06-01 – 2026-08-31');
    expect(row).toHaveTextContent('37 of 500');
    expect(row).toHaveTextContent('every destination');
    expect(screen.queryByRole('button', { name: 'Create promo code' })).toBeNull();
  });

  it('sends the code the operator typed: the last day inclusive, destinations split', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer(
      'GET',
      promoCodePaths.promoCodes.href(),
      { body: [] },
      { body: [{ ...summer, code: 'WINTER5' }] },
    );
    api.answer('POST', promoCodePaths.promoCodes.href(), {
      status: 201,
      body: { ...summer, code: 'WINTER5' },
    });
    const { user } = renderConsole('/ops/promo-codes');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByText('Promo code WINTER5 created.')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', promoCodePaths.promoCodes.href());
    expect(sent?.body).toMatchObject({
      code: 'WINTER5',
      amountOff: 5,
      endsAt: '2099-02-01T00:00:00.000Z',
      maxUses: 100,
      minPrice: 0,
      destinations: ['FR', 'Europe'],
    });
    expect(sent?.body).not.toHaveProperty('percentOff');
  });

  it('says what is wrong in the form before sending, and shows the server’s refusal', async () => {
    signInAs('operator');
    const api = fakeApi();
    api.answer('GET', promoCodePaths.promoCodes.href(), { body: [summer] });
    api.answer('POST', promoCodePaths.promoCodes.href(), {
      status: 409,
      body: { message: promoMessages.codeTaken },
    });
    const { user } = renderConsole('/ops/promo-codes');
    await fill(user, await screen.findByLabelText('Code'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      expect.stringContaining('Enter 3 to 32 letters, digits, - or _.'),
    );
    expect(screen.getByLabelText('Percent off')).toHaveAccessibleDescription(
      expect.stringContaining('Enter a whole percent from 1 to 100.'),
    );
    expect(api.callsTo('POST', promoCodePaths.promoCodes.href())).toHaveLength(0);

    await user.clear(screen.getByLabelText('Code'));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(promoMessages.codeTaken);
  });
});
