/**
 * The eSIM details dialog (spec "ICCID details"): ICCID, PIN, PUK, matching id, SM-DP+ address,
 * profile status and, once it was installed, when. PIN and PUK stay hidden until asked for, as
 * someone may be looking on.
 */
import type { MyEsim } from '@tern/contract/profile';
import { type ReactNode, useState } from 'react';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useEsimDetails } from '../api/get-esim-details';
import { useProfileWords } from '../hooks/use-profile-words';
import { formatDateTime } from '../utils/dates';
import { dateLocale } from '../utils/profile-format';
import { profileStatusWords } from '../utils/state-words';

interface EsimDetailsDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

export function EsimDetailsDialog({ esim, open, onClose }: EsimDetailsDialogProps) {
  const words = useProfileWords();
  const { t, language } = words;
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const details = useEsimDetails(email, iccid, open && iccid !== '');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('profile.details.title')}
      width="md"
      footer={
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          {t('profile.dialog.close')}
        </button>
      }
    >
      {details.isError ? (
        <LoadError
          message={t('profile.details.error')}
          onRetry={() => void details.refetch()}
          compact
        />
      ) : !details.data ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">{t('profile.details.loading')}</span>
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <div
              key={n}
              className="h-11 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
            />
          ))}
        </div>
      ) : (
        <dl className="divide-y divide-slate-200">
          <Row label={t('profile.details.iccid')}>
            <Mono>{details.data.iccid}</Mono>
          </Row>
          <SecretRow label={t('profile.details.pin')} value={details.data.pin} />
          <SecretRow label={t('profile.details.puk')} value={details.data.puk} />
          <Row label={t('profile.details.matchingId')}>
            <Mono>{details.data.matchingId}</Mono>
          </Row>
          <Row label={t('profile.details.smdp')}>
            <Mono>{details.data.smdpAddress}</Mono>
          </Row>
          <Row label={t('profile.details.status')}>{profileStatusWords(details.data, words)}</Row>
          {details.data.firstInstalledDateTime ? (
            <Row label={t('profile.details.installed')}>
              <time dateTime={details.data.firstInstalledDateTime}>
                {formatDateTime(
                  details.data.firstInstalledDateTime,
                  undefined,
                  dateLocale(language),
                )}
              </time>
            </Row>
          ) : null}
        </dl>
      )}
    </Dialog>
  );
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    // Label above value on a phone: side by side, a PIN and its button do not fit.
    <div className="grid grid-cols-1 gap-1 py-2.5 sm:grid-cols-[8.5rem_1fr] sm:items-center sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{props.label}</dt>
      <dd className="min-w-0 text-slate-900">{props.children}</dd>
    </div>
  );
}

/** A code as typed into a phone: monospaced, and left to right in Arabic too. */
function Mono({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="break-all font-mono text-sm">
      {children}
    </bdi>
  );
}

function SecretRow(props: { label: string; value: string | null }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  if (props.value === null) {
    return <Row label={props.label}>{t('profile.details.notAvailable')}</Row>;
  }
  return (
    <Row label={props.label}>
      <span className="flex flex-wrap items-center justify-between gap-3">
        {shown ? (
          <Mono>{props.value}</Mono>
        ) : (
          <span>
            <span aria-hidden="true" className="font-mono tracking-widest">
              ••••••
            </span>
            <span className="sr-only">{t('profile.details.hidden')}</span>
          </span>
        )}
        <button
          type="button"
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          className="shrink-0 rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
        >
          {t('profile.details.show', { label: props.label })}
        </button>
      </span>
    </Row>
  );
}
