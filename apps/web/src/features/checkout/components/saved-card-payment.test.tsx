import {
  type CardTopupResponse,
  cardTopupApiPaths,
  cardTopupMessages,
} from '@tern/contract/card-topups';
import { lookalikesApiPath } from '@tern/contract/lookalikes';
import { paths } from '@tern/contract/routes';
import { savedCardApiPaths } from '@tern/contract/saved-cards';
import { topupHref } from '@tern/contract/topup-link';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session-store';
import { francePlan } from '../../../testing/catalog';
import { type FakeAnswer, type FakeApi, fakeApi, later } from '../../../testing/fake-api';
import { renderInShop } from '../../../testing/render';
import { PlanConfirmationPage } from '../routes/plan-confirmation-page';

const iccid = '8944500102198304826';
const topupPath = cardTopupApiPaths.topup.href(iccid);
const cardsPath = savedCardApiPaths.cards.href();
const visa = { id: 7, scheme: 'VISA', last4: '4242', expiry: '12/49' };
const mastercard = { id: 9, scheme: 'MASTERCARD', last4: '0008', expiry: '01/50' };
const franceUrl =
  '#/plan-details?purchase_type=Regular&planType=Countries&data=%7B%22cou_iso%22%3A%22FR%22%2C%22cou_name%22%3A%22France%22%7D';

function toppingUp(kind: 'Topup' | 'Regular' = 'Topup'): void {
  session.signIn({
    token: 'token-1',
    email: 'camille@example.com',
    name: 'Camille',
    mobile: '+96171123456',
  });
  const url = kind === 'Topup' ? topupHref({ iccid, iso: 'FR', country: 'France' }) : franceUrl;
  session.savePendingPlan(francePlan, url ?? '');
}

function shopWithCards(cards: unknown[]): FakeApi {
  const api = fakeApi();
  api.answer('GET', lookalikesApiPath.href('FR'), { body: [] });
  api.answer('GET', cardsPath, { body: cards });
  return api;
}

/** The confirmation page, and a stand-in for the payment-successful route it may open. */
function renderConfirmation() {
  return renderInShop(
    <Routes>
      <Route path={paths.planConfirmation} element={<PlanConfirmationPage />} />
      <Route path={paths.paymentSuccessful} element={<h1>Following your order</h1>} />
    </Routes>,
    { path: paths.planConfirmation },
  );
}

describe('paying a top-up now with a saved card (issue 32)', () => {
  it('is offered only for a top-up, and only once the buyer has a saved card', async () => {
    toppingUp('Regular');
    const regular = shopWithCards([visa]);
    const first = renderConfirmation();
    expect(screen.getByRole('button', { name: 'Proceed to Secure Payment' })).toBeVisible();
    expect(regular.callsTo('GET', cardsPath)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Pay now with/ })).not.toBeInTheDocument();
    first.unmount();

    toppingUp();
    const noCards = shopWithCards([]);
    renderConfirmation();
    await waitFor(() => expect(noCards.callsTo('GET', cardsPath)).toHaveLength(1));
    // Answered and settled: still only the gateway's way.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Proceed to Secure Payment' })).toBeEnabled(),
    );
    expect(
      screen.queryByRole('region', { name: 'Pay now with a saved card' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay now with/ })).not.toBeInTheDocument();
  });

  it('pays with the one card in one request, keeps the reference and follows the order', async () => {
    toppingUp();
    const api = shopWithCards([visa]);
    const answer = later<FakeAnswer>();
    api.answer('POST', topupPath, () => answer.promise);
    const { user } = renderConfirmation();

    const pay = await screen.findByRole('button', { name: 'Pay now with Visa •••• 4242' });
    // The usual way stays beside it.
    expect(screen.getByRole('button', { name: 'Proceed to Secure Payment' })).toBeVisible();
    await user.dblClick(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    answer.resolve({ body: { next: 'paid', reference: 'ORD-77' } satisfies CardTopupResponse });

    expect(await screen.findByRole('heading', { name: 'Following your order' })).toBeVisible();
    expect(api.callsTo('POST', topupPath)).toHaveLength(1);
    expect(api.callsTo('POST', topupPath)[0]?.body).toEqual({
      planName: francePlan.pla_name,
      cardId: visa.id,
    });
    expect(session.payment()).toEqual({ sessionId: undefined, gatewayRef: 'ORD-77' });
  });

  it('pays with the card chosen among several', async () => {
    toppingUp();
    const api = shopWithCards([visa, mastercard]);
    api.answer('POST', topupPath, { body: { next: 'paid', reference: 'ORD-78' } });
    const { user } = renderConfirmation();

    const choice = await screen.findByRole('group', { name: 'Card to pay with' });
    expect(screen.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    expect(choice).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /Mastercard •••• 0008/ }));
    await user.click(screen.getByRole('button', { name: 'Pay now with Mastercard •••• 0008' }));

    expect(await screen.findByRole('heading', { name: 'Following your order' })).toBeVisible();
    expect(api.callsTo('POST', topupPath)[0]?.body).toEqual({
      planName: francePlan.pla_name,
      cardId: mastercard.id,
    });
  });

  it('opens the bank’s check when the gateway asks for it, keeping the reference first', async () => {
    toppingUp();
    const api = shopWithCards([visa]);
    const authenticationUrl = cardTopupApiPaths.authentication.href('ORD-79');
    api.answer('POST', topupPath, {
      body: { next: 'authenticate', reference: 'ORD-79', authenticationUrl },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderConfirmation();

    await user.click(await screen.findByRole('button', { name: 'Pay now with Visa •••• 4242' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(authenticationUrl));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(session.payment().gatewayRef).toBe('ORD-79');
    expect(screen.queryByRole('heading', { name: 'Following your order' })).not.toBeInTheDocument();
  });

  it('says why a declined card paid nothing, and gives the button back', async () => {
    toppingUp();
    const api = shopWithCards([visa]);
    api.answer(
      'POST',
      topupPath,
      { status: 402, body: { message: cardTopupMessages.declined } },
      { body: { next: 'paid', reference: 'ORD-80' } },
    );
    const { user } = renderConfirmation();

    const pay = await screen.findByRole('button', { name: 'Pay now with Visa •••• 4242' });
    await user.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent(cardTopupMessages.declined);
    expect(pay).toBeEnabled();
    expect(pay).toHaveAccessibleDescription(cardTopupMessages.declined);
    expect(session.payment().gatewayRef).toBeUndefined();
    // Nothing lost: the same button pays on a second try.
    await user.click(pay);
    expect(await screen.findByRole('heading', { name: 'Following your order' })).toBeVisible();
    expect(api.callsTo('POST', topupPath)).toHaveLength(2);
  });
});
