import { profileApiPaths } from '@tern/contract/profile';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { franceEsim, iccid, signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { installNoticeKey } from '../hooks/use-install-notice';
import { QrCodeDialog } from './qr-code-dialog';

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

function renderDialog(profileStatus: string) {
  const api = fakeApi();
  api.answer('GET', profileApiPaths.esimDetails.href(iccid), { body: detailsOf(profileStatus) });
  api.answer('GET', profileApiPaths.esimQr.href(iccid), { body: {} });
  return renderInShop(<QrCodeDialog esim={franceEsim} open onClose={() => {}} />);
}

describe('the QR Code dialog', () => {
  beforeEach(() => {
    signInRana();
    URL.createObjectURL = () => 'blob:qr';
    URL.revokeObjectURL = () => {};
  });

  it('of an eSIM never installed says the code works once before showing it', async () => {
    const { user } = renderDialog('Released');
    const understand = await screen.findByRole('button', { name: 'I understand, show install' });
    expect(screen.getByText(/a deleted eSIM is lost/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Install on/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();

    await user.click(understand);
    expect(await screen.findByRole('img', { name: /^QR code to install eSIM/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /^Install on iPhone/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(window.localStorage.getItem(installNoticeKey(iccid))).toBe('yes');
  });

  it('of an eSIM already installed shows the code with its own warning, nothing to acknowledge', async () => {
    renderDialog('Installed');
    expect(await screen.findByRole('img', { name: /^QR code to install eSIM/ })).toBeVisible();
    expect(screen.getByText(/has already been used/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /I understand/ })).not.toBeInTheDocument();
  });
});
