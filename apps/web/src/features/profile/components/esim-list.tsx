/**
 * My eSIMs: a card per eSIM with its destination, ICCID, install status ("Installed" beside the
 * heading once the provider says so), for an eSIM not installed yet how to install it on this
 * phone (install-first.tsx, issue 31), and every bundle bought for it, the newest first (top-ups
 * above the first purchase), each in the shop's words; then its actions, the most useful first
 * (QR Code for an eSIM not installed yet, else Usage; Topup after), and Request refund only when
 * the refund would be granted, else why not. An account without eSIMs is pointed to the plans.
 */
import type { EsimPurchase, MyEsim } from '@tern/contract/profile';
import { hrefTo, paths } from '@tern/contract/routes';
import { topupHref } from '@tern/contract/topup-link';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LoadError } from '../../../components/load-error';
import { useSavedCards } from '../../../lib/saved-cards-api';
import { useSession } from '../../../lib/session-store';
import type { MessageId } from '../../../locales/en';
import { useEsimDetails } from '../api/get-esim-details';
import { useRefundEligibility } from '../api/get-refund-eligibility';
import { useProfileWords } from '../hooks/use-profile-words';
import { formatDate } from '../utils/dates';
import {
  type CardAction,
  cardActions,
  needsRefundCheck,
  type RefundOffer,
  refundOffer,
  refundReasonWords,
} from '../utils/esim-card';
import { isInstalledNow, wasInstalled } from '../utils/install-state';
import { dateLocale, planTitleIn } from '../utils/profile-format';
import { profileStatusWords } from '../utils/state-words';
import { topupDestination } from '../utils/topup-choice';
import { AutoTopupPanel } from './auto-topup-panel';
import { EsimCardFrame } from './esim-card-frame';
import { InstallFirst } from './install-first';

export type EsimAction = 'qr' | 'usage' | 'details' | 'doctor' | 'refund' | 'oneTap' | 'autoTopup';

interface EsimListProps {
  esims: MyEsim[] | undefined;
  isError: boolean;
  onRetry: () => void;
  onAction: (action: EsimAction, esim: MyEsim) => void;
}

export function EsimList({ esims, isError, onRetry, onAction }: EsimListProps) {
  const { t } = useProfileWords();
  if (isError) {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50">
        <LoadError message={t('profile.esims.error')} onRetry={onRetry} compact />
      </div>
    );
  }
  if (!esims) {
    return (
      <div role="status" className="grid gap-4 md:grid-cols-2">
        <span className="sr-only">{t('profile.esims.loading')}</span>
        <div className="h-48 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none" />
        <div className="h-48 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none" />
      </div>
    );
  }
  if (esims.length === 0) return <NoEsimsYet />;
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

/** An account without eSIMs, live or saved: pointed to the plans. */
export function NoEsimsYet() {
  const { t } = useProfileWords();
  return (
    <div className="rounded-2xl bg-slate-50 px-6 py-12 text-center ring-1 ring-slate-200">
      <p className="text-lg font-semibold text-slate-900">{t('profile.esims.empty.title')}</p>
      <p className="mt-1 text-slate-700">{t('profile.esims.empty.text')}</p>
      <a
        href={hrefTo(paths.plan)}
        className="mt-5 inline-block rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('profile.esims.empty.browse')}
      </a>
    </div>
  );
}

function EsimCard({ esim, onAction }: { esim: MyEsim; onAction: EsimListProps['onAction'] }) {
  const words = useProfileWords();
  const { t, language } = words;
  const email = useSession().client?.email ?? '';
  // A refunded eSIM left the provider: there is nothing to ask it.
  const details = useEsimDetails(email, esim.iccid, !esim.refundedAt);
  const installed = details.data ? wasInstalled(details.data) : undefined;
  const now = new Date();
  const eligibility = useRefundEligibility(email, esim.iccid, needsRefundCheck(esim, now));
  const refund = refundOffer(esim, eligibility.data, now);
  // Issue 32: a saved card adds "Top up in one tap" and the automatic top-up. A list that
  // could not be read offers neither (the plain Topup still works).
  const cards = useSavedCards(email);
  const oneTap = (cards.data?.length ?? 0) > 0 && topupDestination(esim) !== undefined;
  // The actions wait, unseen but in place, until what orders them is known: a button moving
  // under a finger sends the traveller to the wrong dialog.
  const settled = !details.isLoading && !eligibility.isLoading && !cards.isLoading;
  const live = details.data && !esim.refundedAt ? details.data : undefined;
  return (
    <EsimCardFrame
      esim={esim}
      badge={live && isInstalledNow(live) ? <InstalledBadge /> : null}
      facts={
        <>
          <dt className="text-slate-600">{t('profile.esim.purchased')}</dt>
          <dd className="text-slate-900">
            {formatDate(esim.purchasedAt, undefined, dateLocale(language))}
          </dd>
          {details.data && !esim.refundedAt ? (
            <>
              <dt className="text-slate-600">{t('profile.esim.status')}</dt>
              <dd className="text-slate-900">{profileStatusWords(details.data, words)}</dd>
            </>
          ) : null}
        </>
      }
    >
      {/* Not on a phone yet: how to install it leads the card. */}
      {live && installed === false ? <InstallFirst details={live} /> : null}
      {esim.giftFrom ? <GiftFrom name={esim.giftFrom} /> : null}
      <BundleList bundles={esim.bundles} />
      {esim.refundedAt ? <RefundedNote refundedAt={esim.refundedAt} /> : null}
      {/* A refunded eSIM left the provider: nothing to install, use, check or top up. */}
      <div
        hidden={Boolean(esim.refundedAt)}
        aria-busy={!settled}
        className={`mt-auto pt-5${settled ? '' : ' invisible'}`}
      >
        <div className="flex flex-wrap gap-2">
          {cardActions(installed).map((action, index) => (
            <CardActionButton
              key={action}
              action={action}
              esim={esim}
              main={index === 0}
              onAction={onAction}
            />
          ))}
          {oneTap ? (
            <button
              type="button"
              onClick={() => onAction('oneTap', esim)}
              className={secondaryClass}
            >
              {t('profile.esim.oneTap')}
              <ForThis iccid={esim.iccid} />
            </button>
          ) : null}
          {refund.offered ? (
            <button
              type="button"
              onClick={() => onAction('refund', esim)}
              className={secondaryClass}
            >
              {t('profile.esim.refund')}
              <ForThis iccid={esim.iccid} />
            </button>
          ) : null}
        </div>
        <RefundLine offer={refund} />
      </div>
      {esim.refundedAt || topupDestination(esim) === undefined ? null : (
        <AutoTopupPanel
          email={email}
          esim={esim}
          cards={cards.data}
          onOpen={() => onAction('autoTopup', esim)}
          forThis={<ForThis iccid={esim.iccid} />}
        />
      )}
    </EsimCardFrame>
  );
}

/** The provider says the eSIM is on a phone. */
function InstalledBadge() {
  const { t } = useProfileWords();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900">
      <span aria-hidden="true">✓</span>
      {t('profile.install.installed')}
    </span>
  );
}

const actionLabels: Record<CardAction, MessageId> = {
  qr: 'profile.esim.qr',
  usage: 'profile.esim.usage',
  topup: 'profile.esim.topup',
  details: 'profile.esim.details',
  doctor: 'profile.esim.doctor',
};

/** One of the card's actions; the main one (the first) stands out. */
function CardActionButton({
  action,
  esim,
  main,
  onAction,
}: {
  action: CardAction;
  esim: MyEsim;
  main: boolean;
  onAction: EsimListProps['onAction'];
}) {
  const { t } = useProfileWords();
  const className = main ? primaryClass : secondaryClass;
  const label = (
    <>
      {t(actionLabels[action])}
      <ForThis iccid={esim.iccid} />
    </>
  );
  if (action === 'topup') {
    const href = topupHref({
      iccid: esim.iccid,
      iso: esim.destination.iso,
      country: esim.destination.name,
    });
    return href ? (
      <a href={href} className={className}>
        {label}
      </a>
    ) : null;
  }
  return (
    <button type="button" onClick={() => onAction(action, esim)} className={className}>
      {label}
    </button>
  );
}

/** Every card has the same buttons; the hidden part tells a screen reader which eSIM. */
function ForThis({ iccid }: { iccid: string }) {
  const { t } = useProfileWords();
  return <span className="sr-only"> {t('profile.esim.forThis', { iccid })}</span>;
}

/** Until when a refund can be asked for, or why it cannot: said before any button is pressed. */
/** A gift received (issue 31): who sent it; their name, or their address left to right. */
function GiftFrom({ name }: { name: string }) {
  const intl = useIntl();
  return (
    <p className="mt-3 inline-flex max-w-full items-center gap-1.5 self-start rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
        <path d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2a1 1 0 0 1 1-1 1 1 0 0 1 1-1Zm-6 0a1 1 0 0 1 1 1 1 1 0 0 1 1 1H9a1 1 0 1 1 0-2Zm-4 4h6v1H5V9Zm2 3h4v7H7v-7Zm6 7v-7h4v7h-4Zm6-9h-6V9h6v1Z" />
      </svg>
      <span className="break-words">
        {intl.formatMessage(
          { id: 'profile.esim.giftFrom' satisfies MessageId },
          { name: <bdi key="name">{name}</bdi> },
        )}
      </span>
    </p>
  );
}

function RefundLine({ offer }: { offer: RefundOffer }) {
  const words = useProfileWords();
  if (offer.offered) {
    const date = formatDate(offer.until, undefined, dateLocale(words.language));
    return (
      <p className="mt-3 text-sm text-slate-600">{words.t('profile.esim.refundUntil', { date })}</p>
    );
  }
  // Refunded: the card says so already. Not known yet: nothing to say.
  if (!offer.reason || offer.reason === 'already-refunded') return null;
  return <p className="mt-3 text-sm text-slate-600">{refundReasonWords(offer.reason, words)}</p>;
}

/** A refunded eSIM: when, and what became of it. */
function RefundedNote({ refundedAt }: { refundedAt: string }) {
  const { t, language } = useProfileWords();
  return (
    <p className="mt-auto pt-5 text-sm text-slate-700">
      <span className="me-2 inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold text-emerald-900">
        {t('profile.esim.refunded', {
          date: formatDate(refundedAt, undefined, dateLocale(language)),
        })}
      </span>
      {t('profile.esim.refundedNote')}
    </p>
  );
}

/** The bundles bought for the eSIM, the newest first, each titled in the shop's words. */
function BundleList({ bundles }: { bundles: readonly EsimPurchase[] }) {
  const words = useProfileWords();
  const { t, language } = words;
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="text-sm font-semibold text-slate-700">
        {t('profile.esim.bundles', { count: bundles.length })}
      </h4>
      <ul className="mt-2 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {bundles.map((bundle) => (
          <li key={`${bundle.planName}:${bundle.purchasedAt}`} className="px-3 py-2 text-sm">
            <span className="block font-semibold text-slate-900">
              {planTitleIn(bundle.title, words)}
            </span>
            <span className="block text-slate-600">
              {intl.formatMessage(
                { id: 'profile.esim.bundle.line' satisfies MessageId },
                {
                  kind: t(
                    bundle.kind === 'topup'
                      ? 'profile.esim.bundle.topup'
                      : 'profile.esim.bundle.purchase',
                  ),
                  date: (
                    <time key="date" dateTime={bundle.purchasedAt}>
                      {formatDate(bundle.purchasedAt, undefined, dateLocale(language))}
                    </time>
                  ),
                },
              )}
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
