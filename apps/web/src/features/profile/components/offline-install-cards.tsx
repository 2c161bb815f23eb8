/**
 * The profile offline (decision 0020): what was saved on this device the last time the
 * profile was shown online, said plainly with its time, and for each eSIM an install card:
 * its QR code, the values to type in by hand, the one-tap install links, and the last usage
 * with the time it was read. The QR Code button opens the dialog from the same copy;
 * 'Not connecting?' opens the connection doctor, whose checklist needs no network (issue 26).
 */
import { QR_DEFAULT_SIZE } from '@tern/contract/profile';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import type { OfflineSnapshot, SavedEsim } from '../../../lib/offline/snapshot-store';
import type { MessageId } from '../../../locales/en';
import type { OfflineCopy } from '../hooks/use-offline-copy';
import { useProfileWords } from '../hooks/use-profile-words';
import { formatMegabytes } from '../utils/data-usage';
import { formatDateTime } from '../utils/dates';
import { installStateMessage } from '../utils/install-state';
import { dateLocale, planTitleIn } from '../utils/profile-format';
import { bundleUsageRows } from '../utils/usage-view';
import { CopyValue } from './copy-value';
import { EsimCardFrame } from './esim-card-frame';
import { NoEsimsYet } from './esim-list';
import { InstallLinks } from './install-links';
import { OnceOnlyGate } from './once-only-notice';

const qrImage = { width: QR_DEFAULT_SIZE, maxWidth: '100%', height: 'auto' };

interface OfflineCopyPanelProps {
  copy: OfflineCopy;
  onShowQr: (saved: SavedEsim) => void;
  onOpenDoctor: (saved: SavedEsim) => void;
  /** The list as the API gives it, shown whenever it can be had. */
  children: ReactNode;
}

/** The My eSIMs panel: the list online (and that a copy is kept), else the copy. */
export function OfflineCopyPanel({
  copy,
  onShowQr,
  onOpenDoctor,
  children,
}: OfflineCopyPanelProps) {
  if (copy.showSaved && copy.snapshot) {
    return (
      <OfflineInstallCards
        snapshot={copy.snapshot}
        onShowQr={onShowQr}
        onOpenDoctor={onOpenDoctor}
      />
    );
  }
  if (copy.nothingSaved) return <OfflineNothingSaved />;
  return (
    <>
      {children}
      {copy.listShown && copy.snapshot ? (
        <OfflineSavedLine savedAt={copy.snapshot.savedAt} />
      ) : null}
    </>
  );
}

/** 'Offline — showing what was saved at {time}': above the copy, where the list would be. */
export function OfflineNotice({ savedAt }: { savedAt: string }) {
  const { language } = useProfileWords();
  const intl = useIntl();
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border-s-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950"
    >
      {intl.formatMessage(
        { id: 'profile.offline.notice' satisfies MessageId },
        { time: <SavedTime key="time" value={savedAt} locale={dateLocale(language)} /> },
      )}
    </p>
  );
}

/** Below the list online: the traveller may count on this page with no connection. */
export function OfflineSavedLine({ savedAt }: { savedAt: string }) {
  const { language } = useProfileWords();
  const intl = useIntl();
  return (
    <p className="mt-4 text-sm text-slate-600">
      {intl.formatMessage(
        { id: 'profile.offline.saved' satisfies MessageId },
        { time: <SavedTime key="time" value={savedAt} locale={dateLocale(language)} /> },
      )}
    </p>
  );
}

/** Offline with nothing saved on this device: what to do, instead of a spinner forever. */
export function OfflineNothingSaved() {
  const { t } = useProfileWords();
  return (
    <p
      role="status"
      className="rounded-xl bg-slate-50 px-6 py-10 text-center text-slate-800 ring-1 ring-slate-200"
    >
      {t('profile.offline.nothingSaved')}
    </p>
  );
}

interface OfflineInstallCardsProps {
  snapshot: OfflineSnapshot;
  onShowQr: (saved: SavedEsim) => void;
  onOpenDoctor: (saved: SavedEsim) => void;
}

export function OfflineInstallCards({
  snapshot,
  onShowQr,
  onOpenDoctor,
}: OfflineInstallCardsProps) {
  return (
    <>
      <OfflineNotice savedAt={snapshot.savedAt} />
      {snapshot.esims.length === 0 ? (
        <NoEsimsYet />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {snapshot.esims.map((saved) => (
            <li key={saved.esim.iccid}>
              <InstallCard
                saved={saved}
                onShowQr={() => onShowQr(saved)}
                onOpenDoctor={() => onOpenDoctor(saved)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function InstallCard({
  saved,
  onShowQr,
  onOpenDoctor,
}: {
  saved: SavedEsim;
  onShowQr: () => void;
  onOpenDoctor: () => void;
}) {
  const words = useProfileWords();
  const { t } = words;
  const { esim, install, qrDataUrl } = saved;
  const installHeadingId = useId();
  const forThis = (
    <span className="sr-only"> {t('profile.esim.forThis', { iccid: esim.iccid })}</span>
  );
  return (
    <EsimCardFrame esim={esim}>
      {saved.installed === undefined ? null : (
        <p
          className={
            saved.installed
              ? 'mt-3 rounded-lg border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950'
              : 'mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800'
          }
        >
          {installStateMessage(saved.installed, words)}
        </p>
      )}

      {/* Never installed (or not known): the once-only warning first, offline too (issue 31). */}
      <OnceOnlyGate iccid={esim.iccid} ask={saved.installed !== true} noticeClassName="mt-4">
        {qrDataUrl ? (
          <img
            src={qrDataUrl}
            width={QR_DEFAULT_SIZE}
            height={QR_DEFAULT_SIZE}
            alt={t('profile.qr.alt', { iccid: esim.iccid })}
            className="mx-auto mt-4 block rounded-lg ring-1 ring-slate-200"
            style={qrImage}
          />
        ) : (
          <p className="mt-4 text-sm text-slate-700">{t('profile.offline.noQr')}</p>
        )}

        <section aria-labelledby={installHeadingId} className="mt-4">
          <h4 id={installHeadingId} className="text-sm font-semibold text-slate-700">
            {t('profile.qr.manual.title')}
          </h4>
          {install ? (
            <>
              <InstallLinks links={install.links} />
              <dl className="mt-3 space-y-2">
                <CopyValue label={t('profile.qr.manual.smdp')} value={install.smdpAddress} />
                <CopyValue label={t('profile.qr.manual.code')} value={install.matchingId} />
              </dl>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-700">{t('profile.offline.noInstall')}</p>
          )}
        </section>
      </OnceOnlyGate>

      <SavedUsage saved={saved} />

      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        <button type="button" onClick={onShowQr} className={secondaryClass}>
          {t('profile.esim.qr')}
          {forThis}
        </button>
        <button type="button" onClick={onOpenDoctor} className={secondaryClass}>
          {t('profile.esim.doctor')}
          {forThis}
        </button>
      </div>
    </EsimCardFrame>
  );
}

/** The last usage reading: each bundle's data left, and when the provider was asked. */
function SavedUsage({ saved }: { saved: SavedEsim }) {
  const words = useProfileWords();
  const { t, language } = words;
  const intl = useIntl();
  const headingId = useId();
  const rows = saved.usage ? bundleUsageRows(saved.usage) : undefined;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="text-sm font-semibold text-slate-700">
        {t('profile.usage.title')}
      </h4>
      {!saved.usage || !rows ? (
        <p className="mt-1 text-sm text-slate-700">{t('profile.offline.noUsage')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {intl.formatMessage(
              { id: 'profile.usage.asOf' satisfies MessageId },
              {
                time: (
                  <SavedTime key="time" value={saved.usage.readAt} locale={dateLocale(language)} />
                ),
              },
            )}
          </p>
          {rows.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{t('profile.usage.none')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
              {rows.map((row) => (
                <li key={row.key} className="px-3 py-2 text-sm">
                  <span className="block font-semibold text-slate-900">
                    {planTitleIn(row.title, words)}
                  </span>
                  <span className="block text-slate-800">
                    {row.unlimited
                      ? t('profile.usage.unlimited')
                      : t('profile.usage.left', {
                          left: formatMegabytes(row.remainingBytes, words),
                          bought: formatMegabytes(row.initialBytes, words),
                        })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function SavedTime({ value, locale }: { value: string; locale: string | undefined }) {
  return <time dateTime={value}>{formatDateTime(value, undefined, locale)}</time>;
}

const secondaryClass =
  'rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
