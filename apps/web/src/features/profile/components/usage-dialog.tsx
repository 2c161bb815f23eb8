/**
 * The Usage dialog: for each bundle on the eSIM, in the shop's words, its state, the data left
 * of the data bought (in MB), a progress bar, when it started and when it expires (or, before
 * it starts, how long it will last), and at the pace so far when the data will run out, which
 * is never after the plan ends; where the data ran out, a top-up of this eSIM. States are in
 * the traveller's words. The reading's own time is shown: providers report usage with some
 * delay.
 */
import type { MyEsim } from '@tern/contract/profile';
import { topupHref } from '@tern/contract/topup-link';
import { useIntl } from 'react-intl';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../lib/session-store';
import type { MessageId } from '../../../locales/en';
import { useEsimBundles } from '../api/get-esim-bundles';
import { useProfileWords } from '../hooks/use-profile-words';
import { describeDaysLeft, formatMegabytes, type RunOutEstimate } from '../utils/data-usage';
import { formatDate, formatDateTime } from '../utils/dates';
import { dateLocale, planTitleIn } from '../utils/profile-format';
import { bundleStateWords } from '../utils/state-words';
import { type BundleUsageRow, bundleUsageRows, describeStart } from '../utils/usage-view';
import { DialogEsimLine } from './dialog-esim-line';

interface UsageDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

export function UsageDialog({ esim, open, onClose }: UsageDialogProps) {
  const { t, language } = useProfileWords();
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const bundles = useEsimBundles(email, iccid, open && iccid !== '');
  const rows = bundles.data ? bundleUsageRows(bundles.data) : undefined;
  const topup = esim
    ? topupHref({ iccid, iso: esim.destination.iso, country: esim.destination.name })
    : undefined;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('profile.usage.title')}
      width="md"
      footer={
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          {t('profile.dialog.close')}
        </button>
      }
    >
      <DialogEsimLine iccid={iccid} />
      {bundles.isError ? (
        <LoadError
          message={t('profile.usage.error')}
          onRetry={() => void bundles.refetch()}
          compact
        />
      ) : !rows || !bundles.data ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">{t('profile.usage.loading')}</span>
          <div className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t('profile.usage.asOf', {
              time: formatDateTime(bundles.data.readAt, undefined, dateLocale(language)),
            })}
          </p>
          {rows.length === 0 ? (
            <p className="mt-4 rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-700">
              {t('profile.usage.none')}
            </p>
          ) : (
            <ul className="mt-4 space-y-4">
              {rows.map((row) => (
                <li key={row.key}>
                  <BundleUsage row={row} topup={topup} iccid={iccid} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Dialog>
  );
}

function BundleUsage({
  row,
  topup,
  iccid,
}: {
  row: BundleUsageRow;
  /** Where to top this eSIM up, offered where its data ran out. */
  topup: string | undefined;
  iccid: string;
}) {
  const words = useProfileWords();
  const { t } = words;
  const intl = useIntl();
  const title = planTitleIn(row.title, words);
  const left = formatMegabytes(row.remainingBytes, words);
  const bought = formatMegabytes(row.initialBytes, words);
  return (
    <article className="rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
          <span className="sr-only">{t('profile.usage.state')}</span>
          {bundleStateWords(row.state, words)}
        </span>
      </div>
      {row.unlimited ? (
        <p className="mt-3 font-medium text-slate-900">{t('profile.usage.unlimited')}</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-800">
            {intl.formatMessage(
              { id: 'profile.usage.left' satisfies MessageId },
              {
                left: (
                  <strong key="left" className="text-base text-slate-900">
                    {left}
                  </strong>
                ),
                bought,
              },
            )}
          </p>
          {/* A bar fills from the reading's start: the right in Arabic, as a block does. */}
          <div
            role="progressbar"
            aria-label={t('profile.usage.bar', { title })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={row.percentLeft}
            aria-valuetext={t('profile.usage.barValue', {
              left,
              bought,
              percent: row.percentLeft,
            })}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-700"
              style={{ width: `${row.percentLeft}%` }}
            />
          </div>
        </>
      )}
      {row.startsWhen ? (
        <p className="mt-3 text-sm text-slate-800">{describeStart(row, words)}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t('profile.usage.startDate')}</dt>
          <dd className="text-slate-900">
            {row.startedAt ? <DateText value={row.startedAt} /> : t('profile.usage.notStarted')}
          </dd>
          {row.expiresAt ? (
            <>
              <dt className="text-slate-600">{t('profile.usage.expiryDate')}</dt>
              <dd className="text-slate-900">
                <DateText value={row.expiresAt} withTime />
              </dd>
            </>
          ) : null}
          {row.runOut ? (
            <>
              <dt className="text-slate-600">{t('profile.usage.yourData')}</dt>
              <dd className="text-slate-900">
                <RunOut estimate={row.runOut} />
              </dd>
            </>
          ) : null}
        </dl>
      )}
      {row.dataRanOut && topup ? (
        <a
          href={topup}
          className="mt-3 inline-block rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('profile.usage.topUp')}
          <span className="sr-only"> {t('profile.esim.forThis', { iccid })}</span>
        </a>
      ) : null}
    </article>
  );
}

/** 'Runs out around Nov 27, 2026 (about 3 days left at this pace)', or the plan's end. */
function RunOut({ estimate }: { estimate: RunOutEstimate }) {
  const words = useProfileWords();
  const intl = useIntl();
  const date = <DateText key="date" value={estimate.at} />;
  if (estimate.outlastsPlan) {
    return (
      <>{intl.formatMessage({ id: 'profile.usage.lastsUntil' satisfies MessageId }, { date })}</>
    );
  }
  return (
    <>
      {intl.formatMessage(
        { id: 'profile.usage.runsOut' satisfies MessageId },
        { date, daysLeft: describeDaysLeft(estimate.daysLeft, words) },
      )}
    </>
  );
}

function DateText({ value, withTime = false }: { value: Date; withTime?: boolean }) {
  const { language } = useProfileWords();
  const locale = dateLocale(language);
  return (
    <time dateTime={value.toISOString()}>
      {withTime ? formatDateTime(value, undefined, locale) : formatDate(value, undefined, locale)}
    </time>
  );
}
