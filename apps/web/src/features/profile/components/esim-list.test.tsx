import { profileApiPaths } from '@tern/contract/profile';
import { refundApiPaths } from '@tern/contract/refunds';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, later } from '../../../testing/fake-api';
import { franceEsim, iccid, signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { EsimList } from './esim-list';

const detailsPath = profileApiPaths.esimDetails.href(iccid);
const refundPath = refundApiPaths.esimRefund.href(iccid);
// Bought yesterday: inside the 14 days a refund can be asked for, so the card asks.
const esim = { ...franceEsim, purchasedAt: new Date(Date.now() - 86_400_000).toISOString() };

const detailsOf = (profileStatus: string) => ({
  iccid,
  pin: '1234',
  puk: '12345678',
  matchingId: 'MATCH-1',
  smdpAddress: 'smdp.example.com',
  profileStatus,
  lpa: 'LPA:1$smdp.example.com$MATCH-1',
  links: { ios: 'https://esimsetup.apple.com/x', android: 'https://esimsetup.android.com/x' },
});
const refundable = {
  refundable: true,
  reason: null,
  refundableUntil: new Date(Date.now() + 13 * 86_400_000).toISOString(),
};

function renderList() {
  const onAction = vi.fn();
  const view = renderInShop(
    <EsimList esims={[esim]} isError={false} onRetry={() => {}} onAction={onAction} />,
  );
  return { ...view, onAction };
}

/** The card's actions in the order a person meets them, without the screen reader's eSIM. */
function actionNames(): string[] {
  const buttonsAndLinks = actions()?.querySelectorAll('a, button') ?? [];
  return [...buttonsAndLinks].map((action) =>
    (action.textContent ?? '').replace(/ for eSIM \d+$/, ''),
  );
}

/** The part of the card that holds its actions (and tells it is busy while it waits). */
const actions = () => screen.getByRole('article', { name: 'France' }).querySelector('[aria-busy]');

describe("an eSIM card's actions", () => {
  beforeAll(() => {
    // The shop's stylesheet (Tailwind) says this of `invisible`; jsdom loads no stylesheet.
    const style = document.createElement('style');
    style.textContent = '.invisible { visibility: hidden; }';
    document.head.append(style);
  });
  beforeEach(signInRana);

  it('stay unseen until the install state and the refund answer are in', async () => {
    const details = later<FakeAnswer>();
    const refund = later<FakeAnswer>();
    const api = fakeApi();
    api.answer('GET', detailsPath, () => details.promise);
    api.answer('GET', refundPath, () => refund.promise);
    renderList();

    await waitFor(() => expect(api.callsTo('GET', refundPath)).toHaveLength(1));
    expect(actions()).toHaveClass('invisible');
    expect(actions()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: /QR Code/ })).not.toBeInTheDocument();
    expect(screen.getByText('QR Code')).not.toBeVisible();

    details.resolve({ body: detailsOf('Released') });
    expect(await screen.findByText('Not installed yet', { exact: false })).toBeInTheDocument();
    expect(actions()).toHaveClass('invisible');

    refund.resolve({ body: refundable });
    await waitFor(() => expect(actions()).not.toHaveClass('invisible'));
    expect(actions()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('button', { name: /QR Code/ })).toBeVisible();
  });

  it('put QR Code first for an eSIM not installed yet, and offer the refund', async () => {
    const api = fakeApi();
    api.answer('GET', detailsPath, { body: detailsOf('Released') });
    api.answer('GET', refundPath, { body: refundable });
    const { user, onAction } = renderList();

    await waitFor(() => expect(actions()).not.toHaveClass('invisible'));
    expect(actionNames()).toEqual([
      'QR Code',
      'Topup',
      'Usage',
      'eSIM details',
      'Not connecting?',
      'Request refund',
    ]);
    expect(screen.getByText(/^Refundable until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^QR Code/ }));
    expect(onAction).toHaveBeenCalledWith('qr', esim);
  });

  it('put Usage first once the eSIM is installed, and say why there is no refund', async () => {
    const api = fakeApi();
    api.answer('GET', detailsPath, { body: detailsOf('Installed') });
    api.answer('GET', refundPath, {
      body: { ...refundable, refundable: false, reason: 'installed' },
    });
    renderList();

    await waitFor(() => expect(actions()).not.toHaveClass('invisible'));
    expect(actionNames()).toEqual(['Usage', 'Topup', 'Not connecting?', 'eSIM details', 'QR Code']);
    expect(screen.getByText(/has been installed on a phone/)).toBeInTheDocument();
  });
});

describe("an eSIM card's install state", () => {
  beforeEach(signInRana);

  it('leads with install on this phone, behind the once-only warning, while not installed', async () => {
    const api = fakeApi();
    api.answer('GET', detailsPath, { body: detailsOf('Released') });
    api.answer('GET', refundPath, { body: refundable });
    const { user } = renderList();

    const card = screen.getByRole('article', { name: 'France' });
    const install = await screen.findByRole('region', { name: /^Install on / });
    // Above the bundles: the first thing the card says after its facts.
    const bundles = screen.getByRole('region', { name: /bundle/i });
    expect(
      install.compareDocumentPosition(bundles) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(card).toContainElement(install);
    expect(screen.getByText(/The install link and the QR code work once/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Install on/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Installed')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I understand, show install' }));
    expect(screen.getAllByRole('link', { name: /^Install on/ }).length).toBeGreaterThan(0);
  });

  it('says Installed, from the provider, and offers no install, once on a phone', async () => {
    const api = fakeApi();
    api.answer('GET', detailsPath, { body: detailsOf('Installed') });
    api.answer('GET', refundPath, {
      body: { ...refundable, refundable: false, reason: 'installed' },
    });
    renderList();

    await waitFor(() => expect(actions()).not.toHaveClass('invisible'));
    const card = screen.getByRole('article', { name: 'France' });
    // The badge beside the heading, and the status among the facts.
    expect(card.querySelectorAll('span, dd')).toSatisfy((nodes: NodeListOf<Element>) =>
      [...nodes].some((node) => node.textContent === '✓Installed'),
    );
    expect(screen.queryByRole('region', { name: /^Install on / })).not.toBeInTheDocument();
    expect(screen.queryByText(/work once/)).not.toBeInTheDocument();
  });

  it('says nothing of installing while the provider has not answered', async () => {
    const api = fakeApi();
    api.answer('GET', detailsPath, { status: 503, body: { message: 'down' } });
    api.answer('GET', refundPath, { body: refundable });
    renderList();

    await waitFor(() => expect(actions()).not.toHaveClass('invisible'));
    expect(screen.queryByRole('region', { name: /^Install on / })).not.toBeInTheDocument();
    expect(screen.queryByText('Installed')).not.toBeInTheDocument();
  });
});
