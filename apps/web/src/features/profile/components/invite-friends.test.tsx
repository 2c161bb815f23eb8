import { referralApiPaths } from '@tern/contract/referrals';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast-store';
import { fakeApi } from '../../../testing/fake-api';
import { signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { InviteFriends } from './invite-friends';

const referral = {
  code: 'K7M2Q9XA',
  link: 'http://127.0.0.1:3000/?ref=K7M2Q9XA#/sign-in',
  reward: 5,
  friendReward: 3,
  currency: 'USD',
  maxPerMonth: 5,
  rewarded: 2,
  pending: 1,
};

describe('the share link on the profile', () => {
  it('shows the link, what each side gets, the rules and what it gave so far', async () => {
    signInRana();
    const email = 'rana@example.com';
    fakeApi().answer('GET', referralApiPaths.referral.href(), { body: referral });
    renderInShop(<InviteFriends email={email} />);
    expect(await screen.findByLabelText('Your link')).toHaveValue(referral.link);
    expect(screen.getByRole('heading', { name: 'Give $3.00, get $5.00' })).toBeInTheDocument();
    expect(
      screen.getByText(/2 friends have bought through your link; 1 has signed up/),
    ).toBeVisible();
    expect(screen.getByText(/At most 5 rewards a month/)).toBeVisible();
  });

  it('copies the link and says so', async () => {
    signInRana();
    const email = 'rana@example.com';
    fakeApi().answer('GET', referralApiPaths.referral.href(), { body: referral });
    // user-event puts a clipboard of its own in place: what was copied can be read back.
    const said = vi.spyOn(toast, 'success');
    const { user } = renderInShop(<InviteFriends email={email} />);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(referral.link);
    expect(said).toHaveBeenCalledWith('Link copied.');
  });

  it('says plainly when the link could not be loaded, and tries again', async () => {
    signInRana();
    const email = 'rana@example.com';
    const api = fakeApi();
    api.answer(
      'GET',
      referralApiPaths.referral.href(),
      { status: 500, body: { message: 'boom' } },
      { body: referral },
    );
    const { user } = renderInShop(<InviteFriends email={email} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your link could not be loaded.');
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByLabelText('Your link')).toHaveValue(referral.link);
  });
});
