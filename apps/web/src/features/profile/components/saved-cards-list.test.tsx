import { savedCardApiPaths, savedCardMessages } from '@tern/contract/saved-cards';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { signInRana } from '../../../testing/profile';
import { queriesSettled, renderInShop } from '../../../testing/render';
import { SavedCardsList } from './saved-cards-list';

const cardsPath = savedCardApiPaths.cards.href();
const cardPath = savedCardApiPaths.card.href(7);
const card = { id: 7, scheme: 'MASTERCARD', last4: '0008', expiry: '12/49' };

describe('saved cards on the profile', () => {
  beforeEach(signInRana);

  it('shows nothing when the buyer has no saved card', async () => {
    const api = fakeApi();
    api.answer('GET', cardsPath, { body: [] });
    const { container, queryClient } = renderInShop(<SavedCardsList email="rana@example.com" />);
    await waitFor(() => expect(api.callsTo('GET', cardsPath)).toHaveLength(1));
    await queriesSettled(queryClient);
    expect(container.querySelector('section')).toBeNull();
  });

  it('lists each card by scheme, last four and expiry, and removes one after asking', async () => {
    const api = fakeApi();
    api.answer('GET', cardsPath, { body: [card] }, { body: [] });
    api.answer('DELETE', cardPath, { body: { deleted: true } });
    const { user } = renderInShop(<SavedCardsList email="rana@example.com" />);
    const list = await screen.findByRole('region', { name: 'Saved cards' });
    expect(within(list).getByText('Mastercard ending in 0008')).toBeInTheDocument();
    expect(within(list).getByText('Expires 12/49')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Remove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    // Nothing is removed before the buyer confirms.
    expect(api.callsTo('DELETE', cardPath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(api.callsTo('DELETE', cardPath)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Saved cards' })).not.toBeInTheDocument(),
    );
  });

  it('keeps the card listed and says why when the payment service did not remove it', async () => {
    const api = fakeApi();
    api.answer('GET', cardsPath, { body: [card] });
    api.answer('DELETE', cardPath, {
      status: 502,
      body: { message: savedCardMessages.gatewayUnavailable },
    });
    const { user } = renderInShop(<SavedCardsList email="rana@example.com" />);
    const list = await screen.findByRole('region', { name: 'Saved cards' });
    await user.click(within(list).getByRole('button', { name: /Remove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      savedCardMessages.gatewayUnavailable,
    );
    expect(within(list).getByText('Mastercard ending in 0008')).toBeInTheDocument();
  });
});
