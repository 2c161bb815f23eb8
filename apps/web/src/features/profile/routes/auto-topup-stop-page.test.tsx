import { cardTopupApiPaths, cardTopupMessages } from '@tern/contract/card-topups';
import { paths } from '@tern/contract/routes';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { AutoTopupStopPage } from './auto-topup-stop-page';

const stopPath = cardTopupApiPaths.stopAutoTopup.href();

function renderStopLink(token: string | undefined) {
  const path = token === undefined ? paths.autoTopupStop : `${paths.autoTopupStop}?token=${token}`;
  return renderInShop(<AutoTopupStopPage />, { path });
}

describe('the automatic top-up e-mail’s stop link (issue 32)', () => {
  it('stops it without signing in, sending the token once, and points to sign in', async () => {
    const api = fakeApi();
    api.answer('POST', stopPath, { body: { stopped: true } });
    renderStopLink('signed.token-1');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Automatic top-up is off' }),
    ).toBeVisible();
    expect(api.callsTo('POST', stopPath)).toEqual([
      { method: 'POST', path: stopPath, body: { token: 'signed.token-1' } },
    ]);
    expect(
      screen.getByRole('link', { name: 'Sign in to manage automatic top-up' }),
    ).toHaveAttribute('href', paths.signIn);
  });

  it('points a signed-in buyer to their account', async () => {
    signInRana();
    const api = fakeApi();
    api.answer('POST', stopPath, { body: { stopped: true } });
    renderStopLink('signed.token-2');
    expect(await screen.findByRole('link', { name: 'Go to my account' })).toHaveAttribute(
      'href',
      paths.profile,
    );
  });

  it('says a used link was used already, in the API’s words, without offering to retry', async () => {
    const api = fakeApi();
    api.answer('POST', stopPath, {
      status: 409,
      body: { message: cardTopupMessages.stopLinkUsed },
    });
    renderStopLink('signed.token-3');
    expect(await screen.findByRole('alert')).toHaveTextContent(cardTopupMessages.stopLinkUsed);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', stopPath)).toHaveLength(1);
  });

  it('says an invalid link is not valid', async () => {
    const api = fakeApi();
    api.answer('POST', stopPath, {
      status: 400,
      body: { message: cardTopupMessages.stopLinkInvalid },
    });
    renderStopLink('forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(cardTopupMessages.stopLinkInvalid);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'This stop link did not work',
    );
  });

  it('sends nothing for a link without its token', async () => {
    const api = fakeApi();
    renderStopLink(undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This stop link is not complete. Sign in to manage automatic top-up.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('offers to try again when the server could not be reached', async () => {
    const api = fakeApi();
    api.answer(
      'POST',
      stopPath,
      { status: 503, body: { message: 'Unavailable' } },
      { body: { stopped: true } },
    );
    const { user } = renderStopLink('signed.token-4');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Automatic top-up is off' }),
    ).toBeVisible();
    await waitFor(() => expect(api.callsTo('POST', stopPath)).toHaveLength(2));
  });
});
