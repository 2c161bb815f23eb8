import { cardTopupApiPaths } from '@tern/contract/card-topups';
import { profileApiPaths } from '@tern/contract/profile';
import { refundApiPaths } from '@tern/contract/refunds';
import { savedCardApiPaths } from '@tern/contract/saved-cards';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast-store';
import { type FakeApi, fakeApi } from '../../../testing/fake-api';
import { franceEsim, iccid, signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { EsimList } from './esim-list';

const cardsPath = savedCardApiPaths.cards.href();
const autoPath = cardTopupApiPaths.autoTopup.href(iccid);
const visa = { id: 7, scheme: 'VISA', last4: '4242', expiry: '12/49' };
const on = {
  iccid,
  planName: franceEsim.planName,
  cardId: visa.id,
  whenPercentLeft: 15,
  maxPerMonth: 3,
  usedThisMonth: 1,
  since: '2026-11-24T10:00:00Z',
};

function answerCard(cards: unknown[]): FakeApi {
  const api = fakeApi();
  api.answer('GET', profileApiPaths.esimDetails.href(iccid), {
    body: {
      iccid,
      pin: '1234',
      puk: '12345678',
      matchingId: 'MATCH-1',
      smdpAddress: 'smdp.example.com',
      profileStatus: 'Installed',
      lpa: 'LPA:1$smdp.example.com$MATCH-1',
      links: { ios: 'https://esimsetup.apple.com/x', android: 'https://esimsetup.android.com/x' },
    },
  });
  api.answer('GET', refundApiPaths.esimRefund.href(iccid), {
    body: { refundable: false, reason: 'installed', refundableUntil: null },
  });
  api.answer('GET', cardsPath, { body: cards });
  return api;
}

function renderCard() {
  const onAction = vi.fn();
  const view = renderInShop(
    <EsimList esims={[franceEsim]} isError={false} onRetry={() => {}} onAction={onAction} />,
  );
  return { ...view, onAction };
}

/** A card's button: its words, then which eSIM for a screen reader (jsdom drops the space). */
const forThis = (words: string) => new RegExp(`^${words} ?for eSIM ${iccid}$`);

const autoTopup = () => screen.findByRole('region', { name: 'Automatic top-up' });

describe('an eSIM card with a saved card (issue 32)', () => {
  beforeEach(signInRana);
  afterEach(() => vi.restoreAllMocks());

  it('offers neither one tap nor automatic top-up without a saved card, and says how to get one', async () => {
    const api = answerCard([]);
    renderCard();
    const section = await autoTopup();
    expect(section).toHaveTextContent(
      'To top up automatically, save your card at your next purchase.',
    );
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Topup/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Top up in one tap/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', autoPath)).toHaveLength(0);
  });

  it('offers a one-tap top-up beside Topup once the buyer has a saved card', async () => {
    const api = answerCard([visa]);
    api.answer('GET', autoPath, { body: { autoTopup: null } });
    const { user, onAction } = renderCard();
    const oneTap = await screen.findByRole('button', {
      name: forThis('Top up in one tap'),
    });
    await user.click(oneTap);
    expect(onAction).toHaveBeenCalledWith('oneTap', franceEsim);
  });

  it('says automatic top-up is off and opens its dialog to turn it on', async () => {
    const api = answerCard([visa]);
    api.answer('GET', autoPath, { body: { autoTopup: null } });
    const { user, onAction } = renderCard();
    const section = await autoTopup();
    await within(section).findByText(/^Off\./);
    await user.click(
      within(section).getByRole('button', {
        name: forThis('Turn on automatic top-up'),
      }),
    );
    expect(onAction).toHaveBeenCalledWith('autoTopup', franceEsim);
  });

  it('shows the automatic top-up that is on, opens Change, and stops it', async () => {
    const api = answerCard([visa]);
    api.answer('GET', autoPath, { body: { autoTopup: on } }, { body: { autoTopup: null } });
    api.answer('DELETE', autoPath, { status: 204 });
    const said = vi.spyOn(toast, 'success');
    const { user, onAction } = renderCard();
    const section = await autoTopup();
    await within(section).findByText('On');
    const facts = [...section.querySelectorAll('dt, dd')].map((node) => node.textContent);
    expect(facts).toEqual([
      'Plan',
      '1 GB · 7 days',
      'Card',
      'Visa •••• 4242',
      'When',
      'When 15% of the data is left',
      'Limit',
      'At most 3 times a month',
      'This month',
      '1 automatic top-up',
    ]);

    await user.click(within(section).getByRole('button', { name: forThis('Change') }));
    expect(onAction).toHaveBeenCalledWith('autoTopup', franceEsim);

    await user.click(
      within(section).getByRole('button', { name: forThis('Stop automatic top-up') }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', autoPath)).toHaveLength(1));
    expect(await within(section).findByText(/^Off\./)).toBeVisible();
    expect(said).toHaveBeenCalledWith('Automatic top-up is off.');
    // The Stop button is gone with the state it belonged to: the reader stays in the section.
    await waitFor(() =>
      expect(within(section).getByRole('heading', { name: 'Automatic top-up' })).toHaveFocus(),
    );
  });

  it('keeps automatic top-up on and says why when stopping it fails', async () => {
    const api = answerCard([visa]);
    api.answer('GET', autoPath, { body: { autoTopup: on } });
    api.answer('DELETE', autoPath, { status: 503, body: { message: 'Please try again soon.' } });
    const { user } = renderCard();
    const section = await autoTopup();
    const stop = await within(section).findByRole('button', { name: /^Stop automatic top-up/ });
    await user.click(stop);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Please try again soon.');
    expect(stop).toBeEnabled();
    expect(within(section).getByText('On')).toBeVisible();
  });
});
