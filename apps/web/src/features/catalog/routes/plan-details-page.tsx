/**
 * Plan details (spec "Plan details"): the plans of one country or region, grouped, with
 * the coverage list and the compatibility check before buying. Everything it shows comes
 * from its URL, so the page can be shared and reloaded. It speaks the chosen language; in
 * Arabic it reads right to left, with prices, data amounts and the ICCID left to right.
 */

import type { Plan } from '@tern/contract/catalog';
import { planGroupOrder } from '@tern/contract/catalog-constants';
import { parsePlanDetailsQuery } from '@tern/contract/plan-details';
import type { PlanDestination, PlanDetailsParams } from '@tern/contract/plan-details-link';
import { lowestPrice } from '@tern/contract/pricing';
import { hrefTo, paths } from '@tern/contract/routes';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LineIcon } from '../../../components/line-icon';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-client';
import { useLanguage, useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import type { MessageId } from '../../../locales/en';
import { useCountryPlans } from '../api/get-country-plans';
import { usePlanGroups } from '../api/get-plan-groups';
import { useRegionPlans } from '../api/get-region-plans';
import { CompatibilityDialog } from '../components/compatibility-dialog';
import { CoverageDialog } from '../components/coverage-dialog';
import { Flag } from '../components/flag';
import { PlanCard, PlanCardSkeleton } from '../components/plan-card';
import { regionImageUrl } from '../utils/country-list';
import { destinationName, formatPrice } from '../utils/plan-format';
import { groupPlans, planGroupLabel } from '../utils/plan-groups';

export function PlanDetailsPage() {
  const [searchParams] = useSearchParams();
  const params = useMemo(() => parsePlanDetailsQuery(searchParams), [searchParams]);
  if (!params) return <InvalidPlanLink />;
  // A new destination starts afresh: first group, no dialog open.
  return <PlanDetails key={searchParams.toString()} params={params} />;
}

/** Which dialog shows which plan; the plan stays while the dialog animates out. */
interface DialogState {
  plan: Plan;
  open: boolean;
}

function PlanDetails({ params }: { params: PlanDetailsParams }) {
  const { destination } = params;
  const t = useT();
  const intl = useIntl();
  const { language } = useLanguage();
  const name = destinationName(destination, language);
  usePageMeta(t('plans.meta.title', { name }), t('plans.meta.description', { name }));
  const plans = useDestinationPlans(destination);
  const groups = usePlanGroups();
  // The group list only orders the groups; without it the contract's order does.
  const groupOrder = groups.isPending ? undefined : (groups.data ?? planGroupOrder);
  const grouped = useMemo(
    () => (plans.data && groupOrder ? groupPlans(plans.data, groupOrder) : undefined),
    [plans.data, groupOrder],
  );
  const lowest = plans.data ? lowestPrice(plans.data.map((plan) => plan.pla_price)) : undefined;
  const [chosenGroup, setChosenGroup] = useState<string>();
  const activeGroup = grouped?.find((group) => group.name === chosenGroup) ?? grouped?.[0];

  const [coverage, setCoverage] = useState<DialogState>();
  const [buying, setBuying] = useState<DialogState>();
  const location = useLocation();
  const navigate = useNavigate();

  const proceed = (plan: Plan) => {
    // Kept for the confirmation page, and for the return from sign-in; the URL also
    // carries the purchase type and, for a top-up, the ICCID.
    session.savePendingPlan(plan, `#${location.pathname}${location.search}`);
    navigate(session.get().client ? paths.planConfirmation : paths.signIn);
  };

  const notFound = plans.error instanceof ApiError && plans.error.status === 404;

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:pt-6">
      <Breadcrumb current={name} />

      {/* Compact on a phone, so the first plan and its price show on the first screen. */}
      <header className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-white p-4 sm:mt-4 sm:gap-x-8 sm:p-8">
        <div className="sm:row-span-2">
          <DestinationPicture destination={destination} />
        </div>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('plans.heading', { name })}
          </h1>
          <p className="mt-1 min-h-7 text-base text-slate-700 sm:mt-2 sm:text-lg">
            {plans.isPending ? (
              <span className="inline-block h-5 w-48 animate-pulse rounded bg-slate-200 align-middle motion-reduce:animate-none" />
            ) : lowest !== undefined ? (
              intl.formatMessage(
                { id: 'plans.startingFrom' satisfies MessageId },
                {
                  price: (
                    <strong
                      key="price"
                      dir="ltr"
                      className="whitespace-nowrap font-bold text-brand-800"
                    >
                      {formatPrice(lowest, language)}
                    </strong>
                  ),
                },
              )
            ) : null}
          </p>
          {params.purchaseType === 'Topup' ? (
            <p className="mt-2 inline-flex max-w-full break-all rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
              {intl.formatMessage(
                { id: 'plans.topUp' satisfies MessageId },
                {
                  iccid: (
                    <bdi key="iccid" dir="ltr">
                      {params.iccid}
                    </bdi>
                  ),
                },
              )}
            </p>
          ) : null}
        </div>
        <ul className="col-span-2 space-y-1.5 text-sm text-slate-700 sm:col-span-1 sm:col-start-2 sm:space-y-2 sm:text-base">
          <Benefit>{t('plans.benefit.activate')}</Benefit>
          <Benefit>{t('plans.benefit.unlocked')}</Benefit>
        </ul>
      </header>

      <section aria-labelledby="plans-heading" className="mt-6 sm:mt-10">
        <h2 id="plans-heading" className="text-lg font-semibold text-slate-900 sm:text-xl">
          {t('plans.choose')}
        </h2>
        {plans.isError ? (
          <div className="mt-4">
            {notFound ? (
              <NoPlans name={name} />
            ) : (
              <LoadError
                message={t('plans.error.plans')}
                onRetry={() => void plans.refetch()}
                retrying={plans.isFetching}
              />
            )}
          </div>
        ) : !grouped ? (
          <div role="status" className="mt-4">
            <span className="sr-only">{t('plans.loading.plans')}</span>
            <div aria-hidden="true" className="flex gap-2">
              <div className="h-10 w-36 rounded-full bg-slate-200" />
              <div className="h-10 w-44 rounded-full bg-slate-200" />
            </div>
            <ul
              aria-hidden="true"
              className="mt-5 grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-3 motion-reduce:animate-none"
            >
              {[0, 1, 2].map((index) => (
                <li key={index}>
                  <PlanCardSkeleton />
                </li>
              ))}
            </ul>
          </div>
        ) : !activeGroup ? (
          <div className="mt-4">
            <NoPlans name={name} />
          </div>
        ) : (
          <>
            <fieldset className="mt-3 flex flex-wrap gap-2 sm:mt-4">
              <legend className="sr-only">{t('plans.groups.label')}</legend>
              {grouped.map((group) => {
                const pressed = group.name === activeGroup.name;
                return (
                  <button
                    key={group.name}
                    type="button"
                    aria-pressed={pressed}
                    onClick={() => setChosenGroup(group.name)}
                    className={`rounded-full px-3 py-1.5 text-sm font-semibold sm:px-4 sm:py-2 ${
                      pressed
                        ? 'bg-brand-700 text-white shadow-sm'
                        : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50'
                    }`}
                  >
                    {planGroupLabel(group.name, t)}
                  </button>
                );
              })}
            </fieldset>
            <ul
              aria-label={planGroupLabel(activeGroup.name, t)}
              className="mt-4 grid gap-4 sm:mt-5 sm:grid-cols-2 lg:grid-cols-3"
            >
              {activeGroup.plans.map((plan) => (
                <li key={plan.pla_id}>
                  <PlanCard
                    plan={plan}
                    onBuy={(chosen) =>
                      // A top-up goes onto an eSIM the phone already has: no compatibility check.
                      params.purchaseType === 'Topup'
                        ? proceed(chosen)
                        : setBuying({ plan: chosen, open: true })
                    }
                    onViewCoverage={(chosen) => setCoverage({ plan: chosen, open: true })}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <CoverageDialog
        plan={coverage?.plan}
        open={coverage?.open ?? false}
        destinationName={name}
        onClose={() => setCoverage((current) => current && { ...current, open: false })}
      />
      <CompatibilityDialog
        plan={buying?.plan}
        open={buying?.open ?? false}
        destinationName={name}
        onClose={() => setBuying((current) => current && { ...current, open: false })}
        onProceed={proceed}
      />
    </div>
  );
}

/** The plans of a country or of a region: one of the two calls, never both. */
function useDestinationPlans(destination: PlanDestination) {
  const isCountry = destination.kind === 'country';
  const country = useCountryPlans(isCountry ? destination.iso : '', { enabled: isCountry });
  const region = useRegionPlans(isCountry ? '' : destination.name, { enabled: !isCountry });
  return isCountry ? country : region;
}

function Breadcrumb({ current }: { current: string }) {
  const t = useT();
  // The chevron points the reading way: mirrored right to left.
  const separator = (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="14"
      height="14"
      className="text-slate-400 rtl:-scale-x-100"
    >
      <path d="M7.5 4.5 13 10l-5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
  const linkClass =
    'rounded text-slate-600 underline-offset-4 hover:text-brand-800 hover:underline';
  return (
    <nav aria-label={t('plans.breadcrumb.label')}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm">
        <li>
          <a href={hrefTo(paths.home)} className={linkClass}>
            {t('plans.breadcrumb.home')}
          </a>
        </li>
        <li className="flex items-center gap-1.5">
          {separator}
          <a href={hrefTo(paths.plan)} className={linkClass}>
            {t('plans.breadcrumb.plan')}
          </a>
        </li>
        <li className="flex items-center gap-1.5">
          {separator}
          <span aria-current="page" className="font-medium text-slate-900">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function DestinationPicture({ destination }: { destination: PlanDestination }) {
  if (destination.kind === 'country') {
    return (
      <Flag
        iso={destination.iso}
        width={112}
        className="h-auto w-14 rounded-md shadow-md sm:w-28"
      />
    );
  }
  return (
    <img
      src={regionImageUrl(destination.name)}
      alt=""
      width={168}
      height={84}
      className="h-auto w-24 shrink-0 rounded-xl shadow-md ring-1 ring-slate-900/10 sm:w-[168px]"
    />
  );
}

function Benefit({ children }: { children: string }) {
  return (
    <li className="flex items-start gap-2.5">
      <LineIcon
        path="m6 10.5 2.5 2.5L14 7.5"
        box={20}
        size={20}
        className="mt-0.5 shrink-0 text-brand-700"
        backdrop={<circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.15" />}
      />
      <span>{children}</span>
    </li>
  );
}

function NoPlans({ name }: { name: string }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="text-slate-700">{t('plans.noPlans', { name })}</p>
      <a
        href={hrefTo(paths.plan)}
        className="mt-4 inline-block rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('plans.seeAll')}
      </a>
    </div>
  );
}

function InvalidPlanLink() {
  const t = useT();
  usePageMeta(t('plans.invalid.meta'));
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('plans.invalid.title')}</h1>
      <p className="mt-4 text-slate-700">{t('plans.invalid.text')}</p>
      <a
        href={hrefTo(paths.plan)}
        className="mt-8 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {t('plans.invalid.back')}
      </a>
    </div>
  );
}
