import type { GiftSent } from '@tern/contract/gifts';
import { profileApiPaths } from '@tern/contract/profile';
import { refundApiPaths } from '@tern/contract/refunds';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { franceEsim, iccid, signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { EsimList } from './esim-list';
import { GiftsSentList } from './gifts-sent-list';

const sent: GiftSent = {
  recipientEmail: 'sami@example.com',
  planTitle: '1 GB · 7 days',
  destination: { iso: 'FR', name: 'France' },
  sentAt: '2026-11-23T08:00:00Z',
  state: 'sent',
  ledgerId: 12,
  iccid,
  message: 'Bon voyage!',
};

describe('the gifts sent', () => {
  it('name each recipient, plan and state', () => {
    renderInShop(
      <GiftsSentList
        gifts={[
          sent,
          {
            ...sent,
            recipientEmail: 'lea@example.com',
            state: 'installed',
            iccid: '2',
            message: '',
          },
        ]}
        onRefund={() => {}}
      />,
    );
    const [first, second] = screen.getAllByRole('article');
    if (!first || !second) throw new Error('Two gifts expected');
    expect(within(first).getByRole('heading', { name: 'To sami@example.com' })).toBeInTheDocument();
    expect(within(first).getByText('France · 1 GB · 7 days')).toBeInTheDocument();
    expect(within(first).getByText('Sent', { selector: 'span' })).toBeInTheDocument();
    expect(within(first).getByText('Bon voyage!')).toBeInTheDocument();
    expect(within(second).getByText('Installed')).toBeInTheDocument();
    // The address reads left to right inside Arabic text too.
    expect(within(first).getByText('sami@example.com').closest('bdi')).toHaveAttribute(
      'dir',
      'ltr',
    );
  });
});

describe('the refund of a gift sent', () => {
  it('is offered to the buyer while it is not installed, and not once it is', async () => {
    const onRefund = vi.fn();
    const recent = { ...sent, sentAt: new Date(Date.now() - 86_400_000).toISOString() };
    const { user } = renderInShop(
      <GiftsSentList
        gifts={[recent, { ...recent, recipientEmail: 'lea@example.com', state: 'installed' }]}
        onRefund={onRefund}
      />,
    );
    const [notInstalled, installed] = screen.getAllByRole('article');
    if (!notInstalled || !installed) throw new Error('Two gifts expected');
    await user.click(
      within(notInstalled).getByRole('button', {
        // jsdom's accessible name drops the space a browser keeps before the hidden words.
        name: /^Request refund ?of the gift to sami@example\.com$/,
      }),
    );
    expect(onRefund).toHaveBeenCalledWith(recent);
    expect(within(installed).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a gift received', () => {
  beforeEach(signInRana);

  it('says who gave it, and neither asks about nor offers a refund', async () => {
    const api = fakeApi();
    api.answer('GET', profileApiPaths.esimDetails.href(iccid), {
      body: {
        iccid,
        pin: null,
        puk: null,
        matchingId: 'M',
        smdpAddress: 'smdp.example.com',
        profileStatus: 'Released',
        lpa: 'LPA:1$smdp.example.com$M',
        links: { ios: 'https://x.example/i', android: 'https://x.example/a' },
      },
    });
    const esim = {
      ...franceEsim,
      purchasedAt: new Date(Date.now() - 86_400_000).toISOString(),
      giftFrom: 'Maya Haddad',
    };
    renderInShop(
      <EsimList esims={[esim]} isError={false} onRetry={() => {}} onAction={() => {}} />,
    );

    const giftLine = screen.getByText(
      (_, element) =>
        element?.tagName === 'SPAN' && element.textContent === 'A gift from Maya Haddad',
    );
    expect(giftLine).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^QR Code/ })).toBeVisible());
    expect(screen.queryByRole('button', { name: /Request refund/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', refundApiPaths.esimRefund.href(iccid))).toHaveLength(0);
  });
});
