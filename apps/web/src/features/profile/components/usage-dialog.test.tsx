import { profileApiPaths } from '@tern/contract/profile';
import { topupHref } from '@tern/contract/topup-link';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, fakeApi, later } from '../../../testing/fake-api';
import { franceEsim, iccid, signInRana, usageOf } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { UsageDialog } from './usage-dialog';

const bundlesPath = profileApiPaths.esimBundles.href(iccid);

function renderDialog() {
  return renderInShop(<UsageDialog esim={franceEsim} open onClose={() => {}} />);
}

describe('the usage dialog', () => {
  beforeEach(signInRana);

  it('says the usage is loading until it arrives', async () => {
    const answer = later<FakeAnswer>();
    fakeApi().answer('GET', bundlesPath, () => answer.promise);
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Usage' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the usage…');
    answer.resolve({ body: usageOf(750_000_000) });

    expect(await within(dialog).findByText('1 GB · 7 days')).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading the usage…')).not.toBeInTheDocument();
  });

  it("shows a bundle's data left, its dates and when it runs out, with no top-up", async () => {
    fakeApi().answer('GET', bundlesPath, { body: usageOf(750_000_000) });
    renderDialog();

    const bar = await screen.findByRole('progressbar', { name: 'Data left on 1 GB · 7 days' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuetext', '750 MB left of 1,000 MB (75%)');
    expect(screen.getByText(/left of 1,000 MB/)).toHaveTextContent('750 MB left of 1,000 MB');
    expect(screen.getByText('Start date')).toBeInTheDocument();
    expect(screen.getByText('Expiry date')).toBeInTheDocument();
    expect(screen.getByText(/Runs out around/)).toHaveTextContent('about 3 days left');
    expect(screen.queryByRole('link', { name: /Top up this eSIM/ })).not.toBeInTheDocument();
  });

  it('offers a top-up of this eSIM where its data ran out', async () => {
    fakeApi().answer('GET', bundlesPath, { body: usageOf(0, 'depleted') });
    renderDialog();

    const topUp = await screen.findByRole('link', { name: /Top up this eSIM/ });
    expect(topUp).toHaveAttribute('href', topupHref({ iccid, iso: 'FR', country: 'France' }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('says when the usage could not load, and loads it again on retry', async () => {
    const api = fakeApi();
    api.answer('GET', bundlesPath, { status: 503 }, { body: usageOf(750_000_000) });
    const { user } = renderDialog();

    expect(await screen.findByRole('alert')).toHaveTextContent('The usage could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(api.callsTo('GET', bundlesPath)).toHaveLength(2);
  });
});
