/**
 * The Usage dialog: for each bundle on the eSIM, in the shop's words, its state, the data left
 * of the data bought (in MB), a progress bar, when it started and when it expires (or, before
 * it starts, how long it will last), and at the pace so far when the data will run out, which
 * is never after the plan ends. The reading's own time is shown: providers report usage with
 * some delay.
 */
import type { MyEsim } from '@tern/contract';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { LoadError } from '../../../components/load-error';
import { useSession } from '../../../lib/session-store';
import { useEsimBundles } from '../api/get-esim-bundles';
import { describeDaysLeft, formatMegabytes, type RunOutEstimate } from '../utils/data-usage';
import { formatDate, formatDateTime } from '../utils/dates';
import { type BundleUsageRow, bundleUsageRows, describeStart } from '../utils/usage-view';

interface UsageDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

export function UsageDialog({ esim, open, onClose }: UsageDialogProps) {
  const email = useSession().client?.email ?? '';
  const iccid = esim?.iccid ?? '';
  const bundles = useEsimBundles(email, iccid, open && iccid !== '');
  const rows = bundles.data ? bundleUsageRows(bundles.data) : undefined;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Usage"
      width="md"
      footer={
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Close
        </button>
      }
    >
      <p className="text-sm text-slate-700">
        eSIM <span className="break-all font-mono text-slate-900">{iccid}</span>
      </p>
      {bundles.isError ? (
        <LoadError
          message="The usage could not be loaded."
          onRetry={() => void bundles.refetch()}
          compact
        />
      ) : !rows || !bundles.data ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">Loading the usage…</span>
          <div className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">as of {formatDateTime(bundles.data.readAt)}</p>
          {rows.length === 0 ? (
            <p className="mt-4 rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-700">
              There is no bundle on this eSIM yet.
            </p>
          ) : (
            <ul className="mt-4 space-y-4">
              {rows.map((row) => (
                <li key={row.key}>
                  <BundleUsage row={row} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Dialog>
  );
}

function BundleUsage({ row }: { row: BundleUsageRow }) {
  const left = formatMegabytes(row.remainingBytes);
  const bought = formatMegabytes(row.initialBytes);
  return (
    <article className="rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-900">{row.title}</h3>
        <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
          <span className="sr-only">State: </span>
          {row.state}
        </span>
      </div>
      {row.unlimited ? (
        <p className="mt-3 font-medium text-slate-900">Unlimited data</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-800">
            <strong className="text-base text-slate-900">{left}</strong> left of {bought}
          </p>
          <div
            role="progressbar"
            aria-label={`Data left on ${row.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={row.percentLeft}
            aria-valuetext={`${left} left of ${bought} (${row.percentLeft}%)`}
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
        <p className="mt-3 text-sm text-slate-800">{describeStart(row)}</p>
      ) : (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Start date</dt>
          <dd className="text-slate-900">
            {row.startedAt ? <DateText value={row.startedAt} /> : 'Not started'}
          </dd>
          {row.expiresAt ? (
            <>
              <dt className="text-slate-600">Expiry date</dt>
              <dd className="text-slate-900">
                <DateText value={row.expiresAt} withTime />
              </dd>
            </>
          ) : null}
          {row.runOut ? (
            <>
              <dt className="text-slate-600">Your data</dt>
              <dd className="text-slate-900">
                <RunOut estimate={row.runOut} />
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </article>
  );
}

/** 'Runs out around Nov 27, 2026 (about 3 days left at this pace)', or the plan's end. */
function RunOut({ estimate }: { estimate: RunOutEstimate }) {
  if (estimate.outlastsPlan) {
    return (
      <>
        Lasts until your plan ends on <DateText value={estimate.at} />
      </>
    );
  }
  return (
    <>
      Runs out around <DateText value={estimate.at} /> ({describeDaysLeft(estimate.daysLeft)} at
      this pace)
    </>
  );
}

function DateText({ value, withTime = false }: { value: Date; withTime?: boolean }) {
  return (
    <time dateTime={value.toISOString()}>
      {withTime ? formatDateTime(value) : formatDate(value)}
    </time>
  );
}
