/**
 * An eSIM not installed yet leads its card with how to install it on the device in hand
 * (issue 31): after the once-only warning is acknowledged, the one-tap link of this phone
 * (iOS 17.4+ or Android) with the QR code offered for installing on another device; on a
 * computer, or a device not told, the QR code first and both links.
 */
import { type EsimDetailsView, QR_DEFAULT_SIZE } from '@tern/contract/profile';
import { useId, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../lib/session-store';
import { useEsimQr } from '../api/get-esim-qr';
import { useObjectUrl } from '../hooks/use-object-url';
import { useProfileWords } from '../hooks/use-profile-words';
import { type InstallPlatform, thisDevice } from '../utils/install-platform';
import { InstallLinks } from './install-links';
import { OnceOnlyGate } from './once-only-notice';

// 250 px (spec section 9) where the card has room, else the card's width: a width of 100% adds
// nothing to the card's narrowest size, so a 320 px screen never scrolls sideways.
const qrBox = { width: '100%', maxWidth: QR_DEFAULT_SIZE, aspectRatio: '1 / 1' };
const qrImage = { width: '100%', height: 'auto' };

interface InstallFirstProps {
  details: Pick<EsimDetailsView, 'iccid' | 'links'>;
  /** The device's platform; the browser's own unless a test says otherwise. */
  platform?: InstallPlatform;
}

export function InstallFirst({ details, platform = thisDevice() }: InstallFirstProps) {
  const { t } = useProfileWords();
  const headingId = useId();
  const onPhone = platform !== 'other';
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        {t(onPhone ? 'profile.install.title.phone' : 'profile.install.title.other')}
      </h4>
      <div className="mt-3">
        <OnceOnlyGate iccid={details.iccid} ask>
          <div>
            {platform === 'other' ? (
              <>
                <p className="text-sm text-slate-800">{t('profile.qr.scanOnce')}</p>
                <InlineQr iccid={details.iccid} />
                <p className="mt-3 text-sm text-slate-700">{t('profile.install.onThePhone')}</p>
                <InstallLinks links={details.links} />
              </>
            ) : (
              <>
                <ThisPhone platform={platform} links={details.links} />
                <AnotherDevice iccid={details.iccid} />
              </>
            )}
          </div>
        </OnceOnlyGate>
      </div>
    </section>
  );
}

/** The one-tap link of this phone; an iPhone before 17.4 has none, and is told so. */
function ThisPhone({
  platform,
  links,
}: {
  platform: Exclude<InstallPlatform, 'other'>;
  links: EsimDetailsView['links'];
}) {
  const { t } = useProfileWords();
  if (platform === 'ios-old') {
    return <p className="text-sm text-slate-800">{t('profile.install.iosTooOld')}</p>;
  }
  return (
    <a
      href={platform === 'ios' ? links.ios : links.android}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
    >
      {t(platform === 'ios' ? 'profile.install.ios' : 'profile.install.android')}
      <span className="sr-only">{t('profile.qr.manual.newTab')}</span>
    </a>
  );
}

/** The QR code for installing on another device, shown when asked for. */
function AnotherDevice({ iccid }: { iccid: string }) {
  const { t } = useProfileWords();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {t('profile.install.otherDevice')}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <>
            <p className="mt-3 text-sm text-slate-800">{t('profile.qr.scanOnce')}</p>
            <InlineQr iccid={iccid} />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The eSIM's QR code (250 px), fetched when shown. */
function InlineQr({ iccid }: { iccid: string }) {
  const { t } = useProfileWords();
  const email = useSession().client?.email ?? '';
  const qr = useEsimQr(email, iccid);
  const url = useObjectUrl(qr.data);
  return (
    <div
      className="mx-auto mt-3 flex items-center justify-center overflow-hidden rounded-lg bg-white ring-1 ring-slate-200"
      style={qrBox}
    >
      {url ? (
        <img
          src={url}
          width={QR_DEFAULT_SIZE}
          height={QR_DEFAULT_SIZE}
          alt={t('profile.qr.alt', { iccid })}
          className="block"
          style={qrImage}
        />
      ) : qr.isError ? (
        <LoadError message={t('profile.qr.error')} onRetry={() => void qr.refetch()} compact />
      ) : (
        <span
          role="status"
          className="h-full w-full animate-pulse bg-slate-100 motion-reduce:animate-none"
        >
          <span className="sr-only">{t('profile.qr.loading')}</span>
        </span>
      )}
    </div>
  );
}
