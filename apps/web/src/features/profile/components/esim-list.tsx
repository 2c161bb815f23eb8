/**
 * My eSIMs: a card per eSIM with its destination, ICCID and every bundle bought for it, the
 * newest first (top-ups above the first purchase), each in the shop's words; and Topup, QR
 * Code, Usage and eSIM details. An account without eSIMs is pointed to the plans.
 */
import { type EsimPurchase, hrefTo, type MyEsim, paths } from '@tern/contract';
import { useId } from 'react';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../utils/dates';
import { topupHref } from '../utils/topup-link';

export type EsimAction = 'qr' | 'usage' | 'details';

interface EsimListProps {
  esims: MyEsim[] | undefined;
  isError: boolean;
  onRetry: () => void;
  onAction: (action: EsimAction, esim: MyEsim) => void;
}

export function EsimList({ esims, isError, onRetry, onAction }: EsimListProps) {
  if (isError) {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50">
        <LoadError message="Your eSIMs could not be loaded." onRetry={onRetry} compact />
      </div>
    );
  }
  if (!esims) {
    return (
      <div role="status" className="grid gap-4 md:grid-cols-2">
        <span className="sr-only">Loading your eSIMs…</span>
        <div className="h-48 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none" />
        <div className="h-48 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none" />
      </div>
    );
  }
  if (esims.length === 0) {
    return (
      <div className="rounded-2xl bg-slate-50 px-6 py-12 text-center ring-1 ring-slate-200">
        <p className="text-lg font-semibold text-slate-900">You have no eSIMs yet</p>
        <p className="mt-1 text-slate-700">Pick a destination and a plan to get your first one.</p>
        <a
          href={hrefTo(paths.plan)}
          className="mt-5 inline-block rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Browse plans
        </a>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {esims.map((esim) => (
        <li key={esim.iccid}>
          <EsimCard esim={esim} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}

function EsimCard({ esim, onAction }: { esim: MyEsim; onAction: EsimListProps['onAction'] }) {
  const headingId = useId();
  const topup = topupHref({
    iccid: esim.iccid,
    iso: esim.destination.iso,
    country: esim.destination.name,
  });
  // Every card has the same buttons; the hidden part tells a screen reader which eSIM.
  const forThis = <span className="sr-only"> for eSIM {esim.iccid}</span>;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {esim.destination.name}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">ICCID</dt>
        <dd className="break-all font-mono text-slate-900">{esim.iccid}</dd>
        <dt className="text-slate-600">Purchased</dt>
        <dd className="text-slate-900">{formatDate(esim.purchasedAt)}</dd>
      </dl>
      <BundleList bundles={esim.bundles} />
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        {topup ? (
          <a href={topup} className={primaryClass}>
            Topup{forThis}
          </a>
        ) : null}
        <button type="button" onClick={() => onAction('qr', esim)} className={secondaryClass}>
          QR Code{forThis}
        </button>
        <button type="button" onClick={() => onAction('usage', esim)} className={secondaryClass}>
          Usage{forThis}
        </button>
        <button type="button" onClick={() => onAction('details', esim)} className={secondaryClass}>
          eSIM details{forThis}
        </button>
      </div>
    </article>
  );
}

/** The bundles bought for the eSIM, the newest first, each titled in the shop's words. */
function BundleList({ bundles }: { bundles: readonly EsimPurchase[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="text-sm font-semibold text-slate-700">
        {bundles.length === 1 ? 'Bundle' : `Bundles (${bundles.length})`}
      </h4>
      <ul className="mt-2 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {bundles.map((bundle) => (
          <li key={`${bundle.planName}:${bundle.purchasedAt}`} className="px-3 py-2 text-sm">
            <span className="block font-semibold text-slate-900">{bundle.title}</span>
            <span className="block text-slate-600">
              {bundle.kind === 'topup' ? 'Top-up' : 'First purchase'},{' '}
              <time dateTime={bundle.purchasedAt}>{formatDate(bundle.purchasedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const primaryClass =
  'rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';
const secondaryClass =
  'rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
