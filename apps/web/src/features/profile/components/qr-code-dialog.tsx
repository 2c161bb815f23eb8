/**
 * The QR Code dialog: the eSIM's QR image (250 px, spec section 9) with Download, the values
 * to type in by hand, the one-tap install links, and a plain warning once the code was used.
 * For an eSIM never installed, the once-only warning comes first (once-only-notice.tsx).
 * Offline it shows the same from the copy saved on this device.
 */
import { type MyEsim, QR_DEFAULT_SIZE } from '@tern/contract/profile';
import { useId } from 'react';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import type { SavedEsim } from '../../../lib/offline/snapshot-store';
import { useSession } from '../../../lib/session-store';
import { useEsimDetails } from '../api/get-esim-details';
import { useEsimQr } from '../api/get-esim-qr';
import { useInstallNotice } from '../hooks/use-install-notice';
import { useObjectUrl } from '../hooks/use-object-url';
import { useProfileWords } from '../hooks/use-profile-words';
import { qrFileName } from '../utils/file-names';
import { installStateMessage, wasInstalled } from '../utils/install-state';
import { CopyValue } from './copy-value';
import { DialogEsimLine } from './dialog-esim-line';
import { InstallLinks } from './install-links';
import { OnceOnlyGate } from './once-only-notice';

// Laid out at the size the image is fetched at: no scaling, no blur.
// 250 px (spec section 9), shrunk on a screen too narrow for it rather than scrolled sideways.
const qrBox = { width: QR_DEFAULT_SIZE, maxWidth: '100%', aspectRatio: '1 / 1' };
const qrImage = { width: QR_DEFAULT_SIZE, maxWidth: '100%', height: 'auto' };

interface QrCodeDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
  /** Offline: the copy saved on this device (decision 0020), shown instead of asking. */
  saved?: SavedEsim | undefined;
}

export function QrCodeDialog({ esim, open, onClose, saved }: QrCodeDialogProps) {
  const words = useProfileWords();
  const { t } = words;
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const active = open && iccid !== '' && !saved;
  const qr = useEsimQr(email, iccid, active);
  const details = useEsimDetails(email, iccid, active);
  // Only while the dialog is open: closing it revokes the URL.
  const fetchedQrUrl = useObjectUrl(active ? qr.data : undefined);
  const qrUrl = saved ? saved.qrDataUrl : fetchedQrUrl;
  const install = saved ? saved.install : details.data;
  const installed = saved ? saved.installed : details.data ? wasInstalled(details.data) : undefined;
  const manualHeadingId = useId();
  // Never installed: the once-only warning comes before the code and the links (issue 31).
  // Online, nothing of them shows until the provider has said which.
  // Not known for good (the provider did not answer, an older saved copy): asked too.
  const notice = useInstallNotice(iccid);
  const stateUnknown = installed === undefined && !saved && !details.isError;
  const mayBeNew = installed === false || (installed === undefined && !stateUnknown);
  const asksFirst = mayBeNew && !notice.read;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('profile.qr.title')}
      width="md"
      footer={
        <>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('profile.dialog.close')}
          </button>
          {qrUrl && !asksFirst && !stateUnknown ? (
            <a href={qrUrl} download={qrFileName(iccid)} className={primaryLinkClass}>
              {t('profile.qr.download')}
            </a>
          ) : (
            <button type="button" disabled className={primaryLinkClass}>
              {t('profile.qr.download')}
            </button>
          )}
        </>
      }
    >
      <DialogEsimLine iccid={iccid} />

      {/* One slot for the install-state line, its height kept while it loads: no jump. */}
      <div className="mt-3 min-h-[4.5rem]">
        {installed === undefined ? (
          details.isError || saved ? null : (
            <div className="h-[4.5rem] animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
          )
        ) : (
          <p
            className={
              installed
                ? 'rounded-lg border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950'
                : 'rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800'
            }
          >
            {installStateMessage(installed, words)}
          </p>
        )}
      </div>

      <OnceOnlyGate iccid={iccid} ask={mayBeNew} headingLevel={3} noticeClassName="mt-3">
        <div
          className="mx-auto mt-3 flex items-center justify-center overflow-hidden rounded-lg bg-white ring-1 ring-slate-200"
          style={qrBox}
        >
          {qrUrl && !stateUnknown ? (
            <img
              src={qrUrl}
              width={QR_DEFAULT_SIZE}
              height={QR_DEFAULT_SIZE}
              alt={t('profile.qr.alt', { iccid })}
              className="block"
              style={qrImage}
            />
          ) : saved ? (
            <p className="p-4 text-center text-sm text-slate-700">{t('profile.offline.noQr')}</p>
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

        <section aria-labelledby={manualHeadingId} className="mt-5">
          <h3 id={manualHeadingId} className="text-base font-semibold text-slate-900">
            {t('profile.qr.manual.title')}
          </h3>
          {install ? (
            <>
              <InstallLinks links={install.links} />
              <p className="mt-3 text-sm text-slate-700">{t('profile.qr.manual.enter')}</p>
              <dl className="mt-2 space-y-2">
                <CopyValue label={t('profile.qr.manual.smdp')} value={install.smdpAddress} />
                <CopyValue label={t('profile.qr.manual.code')} value={install.matchingId} />
              </dl>
            </>
          ) : saved ? (
            <p className="mt-2 text-sm text-slate-700">{t('profile.offline.noInstall')}</p>
          ) : details.isError ? (
            <div className="mt-2">
              <LoadError
                message={t('profile.qr.manual.error')}
                onRetry={() => void details.refetch()}
                compact
              />
            </div>
          ) : (
            <div role="status" className="mt-2 space-y-2">
              <span className="sr-only">{t('profile.qr.manual.loading')}</span>
              <div className="h-10 animate-pulse rounded-full bg-slate-100 motion-reduce:animate-none" />
              <div className="h-14 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
              <div className="h-14 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
            </div>
          )}
        </section>
      </OnceOnlyGate>
    </Dialog>
  );
}

const primaryLinkClass =
  'inline-flex items-center rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60';
