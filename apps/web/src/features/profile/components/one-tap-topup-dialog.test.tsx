import { cardTopupApiPaths, cardTopupMessages } from '@tern/contract/card-topups';
import { orderApiPaths } from '@tern/contract/orders';
import { paths } from '@tern/contract/routes';
import { savedCardApiPaths } from '@tern/contract/saved-cards';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session-store';
import { francePlan } from '../../../testing/catalog';
import { type FakeAnswer, type FakeApi, fakeApi, later } from '../../../testing/fake-api';
import { franceEsim, iccid, signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { OneTapTopupDialog } from './one-tap-topup-dialog';

const topupPath = cardTopupApiPaths.topup.href(iccid);
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

function answerShop(cards: unknown[] = [visa]): FakeApi {
  const api = fakeApi();
  api.answer('GET', savedCardApiPaths.cards.href(), { body: cards });
  api.answer('GET', plansPath, { body: [bigger, francePlan] });
  return api;
}

function renderDialog() {
  return renderInShop(
    <Routes>
      <Route
        path={paths.profile}
        element={<OneTapTopupDialog esim={franceEsim} open onClose={() => {}} />}
      />
      <Route path={paths.paymentSuccessful} element={<h1>Following your order</h1>} />
    </Routes>,
    { path: paths.profile },
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Top up in one tap' });

describe('the one-tap top-up dialog (issue 32)', () => {
  beforeEach(signInRana);

  it('starts from the plan bought last and pays it with the saved card, once', async () => {
    const api = answerShop();
    const answer = later<FakeAnswer>();
    api.answer('POST', topupPath, () => answer.promise);
    const { user } = renderDialog();

    const box = await dialog();
    const plan = await within(box).findByRole('combobox', { name: 'Plan' });
    expect(plan).toHaveValue(francePlan.pla_name);
    // One card: no choice to make, the button names it.
    expect(within(box).queryByRole('radio')).not.toBeInTheDocument();
    const pay = within(box).getByRole('button', { name: 'Pay $4.99 with Visa •••• 4242' });
    await user.dblClick(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    answer.resolve({ body: { next: 'paid', reference: 'ORD-90' } });

    expect(await screen.findByRole('heading', { name: 'Following your order' })).toBeVisible();
    expect(api.callsTo('POST', topupPath)).toHaveLength(1);
    expect(api.callsTo('POST', topupPath)[0]?.body).toEqual({
      planName: francePlan.pla_name,
      cardId: visa.id,
    });
    expect(session.payment().gatewayRef).toBe('ORD-90');
  });

  it('sends the plan and the card the buyer chose', async () => {
    const api = answerShop([visa, mastercard]);
    api.answer('POST', topupPath, { body: { next: 'paid', reference: 'ORD-91' } });
    const { user } = renderDialog();

    const box = await dialog();
    await user.selectOptions(
      await within(box).findByRole('combobox', { name: 'Plan' }),
      bigger.pla_name,
    );
    const cards = within(box).getByRole('group', { name: 'Card to pay with' });
    await user.click(within(cards).getByRole('radio', { name: /Mastercard •••• 0008/ }));
    await user.click(
      within(box).getByRole('button', { name: 'Pay $12.50 with Mastercard •••• 0008' }),
    );

    expect(await screen.findByRole('heading', { name: 'Following your order' })).toBeVisible();
    expect(api.callsTo('POST', topupPath)[0]?.body).toEqual({
      planName: bigger.pla_name,
      cardId: mastercard.id,
    });
  });

  it('opens the bank’s check when the gateway asks for it', async () => {
    const api = answerShop();
    const authenticationUrl = cardTopupApiPaths.authentication.href('ORD-92');
    api.answer('POST', topupPath, {
      body: { next: 'authenticate', reference: 'ORD-92', authenticationUrl },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderDialog();

    const box = await dialog();
    await user.click(await within(box).findByRole('button', { name: /^Pay \$4\.99 with/ }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(authenticationUrl));
    expect(session.payment().gatewayRef).toBe('ORD-92');
  });

  it('says why nothing was paid, keeps the choice and gives the button back', async () => {
    const api = answerShop();
    api.answer('POST', topupPath, {
      status: 402,
      body: { message: cardTopupMessages.authenticationFailed },
    });
    const { user } = renderDialog();

    const box = await dialog();
    await user.selectOptions(
      await within(box).findByRole('combobox', { name: 'Plan' }),
      bigger.pla_name,
    );
    const pay = within(box).getByRole('button', { name: /^Pay \$12\.50 with/ });
    await user.click(pay);

    expect(await within(box).findByRole('alert')).toHaveTextContent(
      cardTopupMessages.authenticationFailed,
    );
    expect(pay).toBeEnabled();
    expect(within(box).getByRole('combobox', { name: 'Plan' })).toHaveValue(bigger.pla_name);
    expect(screen.queryByRole('heading', { name: 'Following your order' })).not.toBeInTheDocument();
  });

  it('asks for a plan when the one bought last is no longer on sale', async () => {
    const api = answerShop();
    api.answer('GET', plansPath, { body: [bigger] });
    renderDialog();

    const box = await dialog();
    expect(await within(box).findByRole('combobox', { name: 'Plan' })).toHaveValue('');
    expect(within(box).getByRole('button', { name: 'Pay now' })).toBeDisabled();
  });
});
