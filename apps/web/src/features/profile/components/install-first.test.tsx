import { profileApiPaths } from '@tern/contract/profile';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { fakeApi } from '../../../testing/fake-api';
import { iccid, signInRana } from '../../../testing/profile';
import { renderInShop } from '../../../testing/render';
import { installNoticeKey } from '../hooks/use-install-notice';
import type { InstallPlatform } from '../utils/install-platform';
import { InstallFirst } from './install-first';

const links = {
  ios: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA',
  android: 'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA',
};
const qrPath = profileApiPaths.esimQr.href(iccid);

function renderOn(platform: InstallPlatform) {
  const api = fakeApi();
  api.answer('GET', qrPath, { body: {} });
  const view = renderInShop(<InstallFirst details={{ iccid, links }} platform={platform} />);
  return { ...view, api };
}

const acknowledge = () => screen.getByRole('button', { name: 'I understand, show install' });

describe('install first', () => {
  beforeEach(() => {
    signInRana();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:qr' }));
    URL.revokeObjectURL = () => {};
  });

  it('says the code works once and that deleting loses it before any link or QR code', async () => {
    const { user, api } = renderOn('ios');

    expect(screen.getByRole('heading', { name: 'Install on this phone' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Before you install: this code works only once' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The install link and the QR code work once/)).toBeInTheDocument();
    expect(screen.getByText(/a deleted eSIM is lost/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(api.callsTo('GET', qrPath)).toHaveLength(0);

    await user.click(acknowledge());
    const link = screen.getByRole('link', { name: /^Install on this iPhone/ });
    expect(link).toHaveAttribute('href', links.ios);
    // The button pressed is gone: the focus goes to what it showed.
    expect(link.closest('[tabindex="-1"]')).toHaveFocus();
    expect(window.localStorage.getItem(installNoticeKey(iccid))).toBe('yes');
  });

  it('remembers on this device that the warning was read, for that eSIM only', () => {
    window.localStorage.setItem(installNoticeKey(iccid), 'yes');
    renderOn('android');
    expect(screen.queryByRole('button', { name: /I understand/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Install on this Android phone/ })).toHaveAttribute(
      'href',
      links.android,
    );
    // Only this phone's link: the iPhone's is not offered on Android.
    expect(screen.queryByRole('link', { name: /iPhone/ })).not.toBeInTheDocument();

    window.localStorage.removeItem(installNoticeKey(iccid));
    window.localStorage.setItem(installNoticeKey('8944500102198300000'), 'yes');
    renderOn('android');
    expect(screen.getByRole('button', { name: 'I understand, show install' })).toBeInTheDocument();
  });

  it('offers the QR code for installing on another device, fetched when asked for', async () => {
    const { user, api } = renderOn('ios');
    await user.click(acknowledge());
    const other = screen.getByRole('button', { name: 'QR code for installing on another device' });
    expect(other).toHaveAttribute('aria-expanded', 'false');
    expect(api.callsTo('GET', qrPath)).toHaveLength(0);

    await user.click(other);
    expect(other).toHaveAttribute('aria-expanded', 'true');
    expect(
      await screen.findByRole('img', { name: `QR code to install eSIM ${iccid}` }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', qrPath)).toHaveLength(1);
  });

  it('shows a computer the QR code first, then both links', async () => {
    const { user } = renderOn('other');
    expect(screen.getByRole('heading', { name: 'Install on your phone' })).toBeInTheDocument();
    await user.click(acknowledge());

    const qr = await screen.findByRole('img', { name: `QR code to install eSIM ${iccid}` });
    const iphone = screen.getByRole('link', { name: /^Install on iPhone \(iOS 17\.4\+\)/ });
    const android = screen.getByRole('link', { name: /^Install on Android/ });
    expect(iphone).toHaveAttribute('href', links.ios);
    expect(android).toHaveAttribute('href', links.android);
    // The QR code comes before the links in the reading order.
    expect(qr.compareDocumentPosition(iphone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: /another device/ })).not.toBeInTheDocument();
  });

  it('tells an iPhone before iOS 17.4 that one-tap install needs 17.4', async () => {
    const { user } = renderOn('ios-old');
    await user.click(acknowledge());
    expect(screen.getByText(/One-tap install needs iOS 17\.4 or later/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'QR code for installing on another device' }),
    ).toBeInTheDocument();
  });

  it('is in Arabic, right to left, when the shop is', async () => {
    await switchLanguage('ar');
    try {
      const { user } = renderOn('android');
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(
        screen.getByRole('region', { name: 'قبل التثبيت: هذا الرمز يعمل مرة واحدة فقط' }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'فهمت، اعرض طريقة التثبيت' }));
      expect(screen.getByRole('link', { name: /^التثبيت على هاتف Android هذا/ })).toHaveAttribute(
        'href',
        links.android,
      );
    } finally {
      await switchLanguage('en');
    }
  });
});
