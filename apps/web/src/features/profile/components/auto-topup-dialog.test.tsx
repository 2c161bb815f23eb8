import { cardTopupApiPaths, cardTopupMessages } from '@tern/contract/card-topups';
import { orderApiPaths } from '@tern/contract/orders';
import { savedCardApiPaths } from '@tern/contract/saved-cards';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { francePlan } from '../../../testing/catalog';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { franceEsim, iccid, signInRana } from '../../../testing/profile';
import { fill, renderInShop } from '../../../testing/render';
import { AutoTopupDialog } from './auto-topup-dialog';

const autoPath = cardTopupApiPaths.autoTopup.href(iccid);
const plansPath = orderApiPaths.topupPlans.href(iccid, 'FR');
const visa = { id: 7, scheme: 'VISA', last4: '4242', expiry: '12/49' };
const mastercard = { id: 9, scheme: 'MASTERCARD', last4: '0008', expiry: '01/50' };
const bigger = {
  ...francePlan,
  pla_id: 12,
  pla_name: 'esim_3GB_30D_FR_V2',
  pla_title: '3 GB · 30 days',
  pla_price: 12.5,
};
const on = {
  iccid,
  planName: bigger.pla_name,
  cardId: mastercard.id,
  whenPercentLeft: 20,
  maxPerMonth: 1,
  usedThisMonth: 0,
  since: '2026-11-24T10:00:00Z',
};

function answerShop(autoTopup: unknown, plans = [francePlan, bigger]): FakeApi {
  const api = fakeApi();
  api.answer('GET', savedCardApiPaths.cards.href(), { body: [visa, mastercard] });
  api.answer('GET', plansPath, { body: plans });
  api.answer('GET', autoPath, { body: { autoTopup } });
  return api;
}

function renderDialog() {
  const onClose = vi.fn();
  const view = renderInShop(<AutoTopupDialog esim={franceEsim} open onClose={onClose} />);
  return { ...view, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: 'Automatic top-up' });
const consent = (box: HTMLElement) => within(box).getByText(/^We will charge/);

describe('turning on automatic top-up (issue 32)', () => {
  beforeEach(signInRana);

  it('starts from the plan bought last, the first card and the defaults, and says what it agrees to', async () => {
    const api = answerShop(null);
    api.answer('PUT', autoPath, { body: { autoTopup: { ...on, planName: francePlan.pla_name } } });
    const { user, onClose } = renderDialog();

    const box = await dialog();
    expect(await within(box).findByRole('combobox', { name: 'Plan to buy' })).toHaveValue(
      francePlan.pla_name,
    );
    expect(within(box).getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    const percent = within(box).getByRole('spinbutton', { name: /share of the data is left/ });
    const max = within(box).getByRole('spinbutton', { name: /top-ups a month/ });
    expect(percent).toHaveValue(10);
    expect(max).toHaveValue(2);
    expect(consent(box)).toHaveTextContent(
      'We will charge Visa •••• 4242 $4.99 for 1 GB · 7 days each time, at most 2 times a month, without asking you again. You can stop at any time here or from the e-mail we send after each top-up.',
    );

    await user.clear(percent);
    await fill(user, percent, '25');
    await user.clear(max);
    await fill(user, max, '1');
    expect(consent(box)).toHaveTextContent('at most once a month');
    await user.click(within(box).getByRole('button', { name: 'Turn on automatic top-up' }));

    await waitFor(() => expect(api.callsTo('PUT', autoPath)).toHaveLength(1));
    expect(api.callsTo('PUT', autoPath)[0]?.body).toEqual({
      planName: francePlan.pla_name,
      cardId: visa.id,
      whenPercentLeft: 25,
      maxPerMonth: 1,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends nothing while a number is out of range, and says which', async () => {
    const api = answerShop(null);
    const { user } = renderDialog();
    const box = await dialog();
    const percent = await within(box).findByRole('spinbutton', {
      name: /share of the data is left/,
    });
    await user.clear(percent);
    await fill(user, percent, '60');
    expect(percent).toHaveAccessibleDescription(
      'From 5 to 50. Choose a whole number from 5 to 50.',
    );
    await user.click(within(box).getByRole('button', { name: 'Turn on automatic top-up' }));
    expect(api.callsTo('PUT', autoPath)).toHaveLength(0);
  });

  it('asks for a plan when the one bought last is no longer on sale', async () => {
    const api = answerShop(null, [bigger]);
    const { user } = renderDialog();
    const box = await dialog();
    const plan = await within(box).findByRole('combobox', { name: 'Plan to buy' });
    expect(plan).toHaveValue('');
    expect(plan).toHaveAccessibleDescription(
      'The plan you bought last is no longer on sale: choose another.',
    );
    expect(within(box).queryByText(/^We will charge/)).not.toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Turn on automatic top-up' }));
    expect(api.callsTo('PUT', autoPath)).toHaveLength(0);
    expect(plan).toHaveAccessibleDescription(/Choose the plan to buy\./);

    await user.selectOptions(plan, bigger.pla_name);
    expect(consent(box)).toHaveTextContent('$12.50 for 3 GB · 30 days');
  });

  it('changes the automatic top-up that is on, starting from what it is', async () => {
    const api = answerShop(on);
    api.answer('PUT', autoPath, { body: { autoTopup: on } });
    const { user } = renderDialog();
    const box = await dialog();
    const save = await within(box).findByRole('button', { name: 'Save changes' });
    expect(await within(box).findByRole('combobox', { name: 'Plan to buy' })).toHaveValue(
      bigger.pla_name,
    );
    expect(within(box).getByRole('radio', { name: /Mastercard •••• 0008/ })).toBeChecked();
    expect(within(box).getByRole('spinbutton', { name: /share of the data/ })).toHaveValue(20);
    expect(within(box).getByRole('spinbutton', { name: /top-ups a month/ })).toHaveValue(1);

    await user.click(within(box).getByRole('radio', { name: /Visa •••• 4242/ }));
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', autoPath)).toHaveLength(1));
    expect(api.callsTo('PUT', autoPath)[0]?.body).toEqual({
      planName: bigger.pla_name,
      cardId: visa.id,
      whenPercentLeft: 20,
      maxPerMonth: 1,
    });
  });

  it('says why the payment service refused, keeping everything chosen', async () => {
    const api = answerShop(null);
    api.answer('PUT', autoPath, {
      status: 402,
      body: { message: cardTopupMessages.agreementRefused },
    });
    const { user, onClose } = renderDialog();
    const box = await dialog();
    await user.click(await within(box).findByRole('radio', { name: /Mastercard •••• 0008/ }));
    const turnOn = within(box).getByRole('button', { name: 'Turn on automatic top-up' });
    await user.click(turnOn);

    expect(await within(box).findByRole('alert')).toHaveTextContent(
      cardTopupMessages.agreementRefused,
    );
    expect(turnOn).toBeEnabled();
    expect(within(box).getByRole('radio', { name: /Mastercard •••• 0008/ })).toBeChecked();
    expect(onClose).not.toHaveBeenCalled();
  });
});
