/**
 * The QR Code dialog: the eSIM's QR image (250 px, spec section 9) with Download, the values
 * to type in by hand, the one-tap install links, and a plain warning once the code was used.
 */
import { type MyEsim, QR_DEFAULT_SIZE } from '@tern/contract';
import { useId } from 'react';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../lib/session-store';
import { useEsimDetails } from '../api/get-esim-details';
import { useEsimQr } from '../api/get-esim-qr';
import { useObjectUrl } from '../hooks/use-object-url';
import { qrFileName } from '../utils/file-names';
import { installStateMessage, wasInstalled } from '../utils/install-state';
import { CopyValue } from './copy-value';

// Laid out at the size the image is fetched at: no scaling, no blur.
// 250 px (spec section 9), shrunk on a screen too narrow for it rather than scrolled sideways.
const qrBox = { width: QR_DEFAULT_SIZE, maxWidth: '100%', aspectRatio: '1 / 1' };
const qrImage = { width: QR_DEFAULT_SIZE, maxWidth: '100%', height: 'auto' };

interface QrCodeDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

export function QrCodeDialog({ esim, open, onClose }: QrCodeDialogProps) {
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const active = open && iccid !== '';
  const qr = useEsimQr(email, iccid, active);
  const details = useEsimDetails(email, iccid, active);
  // Only while the dialog is open: closing it revokes the URL.
  const qrUrl = useObjectUrl(active ? qr.data : undefined);
  const installed = details.data ? wasInstalled(details.data) : undefined;
  const manualHeadingId = useId();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="QR Code"
      width="md"
      footer={
        <>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Close
          </button>
          {qrUrl ? (
            <a href={qrUrl} download={qrFileName(iccid)} className={primaryLinkClass}>
              Download
            </a>
          ) : (
            <button type="button" disabled className={primaryLinkClass}>
              Download
            </button>
          )}
        </>
      }
    >
      <p className="text-sm text-slate-700">
        eSIM <span className="break-all font-mono text-slate-900">{iccid}</span>
      </p>

      {/* One slot for the install-state line, its height kept while it loads: no jump. */}
      <div className="mt-3 min-h-[4.5rem]">
        {installed === undefined ? (
          details.isError ? null : (
            <div className="h-[4.5rem] animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
          )
        ) : (
          <p
            className={
              installed
                ? 'rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950'
                : 'rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800'
            }
          >
            {installStateMessage(installed)}
          </p>
        )}
      </div>

      <div
        className="mx-auto mt-3 flex items-center justify-center overflow-hidden rounded-lg bg-white ring-1 ring-slate-200"
        style={qrBox}
      >
        {qrUrl ? (
          <img
            src={qrUrl}
            width={QR_DEFAULT_SIZE}
            height={QR_DEFAULT_SIZE}
            alt={`QR code to install eSIM ${iccid}`}
            className="block"
            style={qrImage}
          />
        ) : qr.isError ? (
          <LoadError
            message="The QR code could not be loaded."
            onRetry={() => void qr.refetch()}
            compact
          />
        ) : (
          <span
            role="status"
            className="h-full w-full animate-pulse bg-slate-100 motion-reduce:animate-none"
          >
            <span className="sr-only">Loading the QR code…</span>
          </span>
        )}
      </div>

      <section aria-labelledby={manualHeadingId} className="mt-5">
        <h3 id={manualHeadingId} className="text-base font-semibold text-slate-900">
          Install without scanning
        </h3>
        {details.data ? (
          <>
            <div className="mt-2 flex flex-wrap gap-2">
              <a
                href={details.data.links.ios}
                target="_blank"
                rel="noopener noreferrer"
                className={installLinkClass}
              >
                Install on iPhone (iOS 17.4+)
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <a
                href={details.data.links.android}
                target="_blank"
                rel="noopener noreferrer"
                className={installLinkClass}
              >
                Install on Android
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
            <p className="mt-3 text-sm text-slate-700">
              Or enter these in your phone's eSIM settings ("Enter details manually"):
            </p>
            <dl className="mt-2 space-y-2">
              <CopyValue label="SM-DP+ address" value={details.data.smdpAddress} />
              <CopyValue label="Activation code" value={details.data.matchingId} />
            </dl>
          </>
        ) : details.isError ? (
          <div className="mt-2">
            <LoadError
              message="The installation details could not be loaded."
              onRetry={() => void details.refetch()}
              compact
            />
          </div>
        ) : (
          <div role="status" className="mt-2 space-y-2">
            <span className="sr-only">Loading the installation details…</span>
            <div className="h-10 animate-pulse rounded-full bg-slate-100 motion-reduce:animate-none" />
            <div className="h-14 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
            <div className="h-14 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
          </div>
        )}
      </section>
    </Dialog>
  );
}

const primaryLinkClass =
  'inline-flex items-center rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60';
const installLinkClass =
  'inline-flex items-center rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50';
