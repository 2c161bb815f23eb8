/**
 * The order summary's checks before payment (issue 31): the destination named with its flag
 * and region, and a look-alike country offered with a one-tap switch to its plans ("Travelling
 * to Australia instead?"); a plan for the buyer's own country held until they confirm it; and
 * when the plan's clock starts and ends, in words. Names are isolated (<bdi>) inside Arabic.
 */

import type { Plan } from '@tern/contract/catalog';
import { isRegionName } from '@tern/contract/catalog-constants';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Flag } from '../../../components/flag';
import { regionName, useLanguage, useT } from '../../../lib/i18n';
import type { MessageId } from '../../../locales/en';
import { useLookalikes } from '../api/get-lookalikes';
import {
  countryNameIn,
  countryPlansLocation,
  type HomeCountry,
  planCountry,
} from '../utils/destination-checks';
import type { Purchase } from '../utils/stored-plan';

const name = (text: string, key = 'name'): ReactNode => <bdi key={key}>{text}</bdi>;

/** A country plan's destination with its flag and region, and its look-alikes to switch to. */
export function DestinationCheck({ plan, purchase }: { plan: Plan; purchase: Purchase }) {
  const t = useT();
  const intl = useIntl();
  const { language } = useLanguage();
  const headingId = useId();
  const iso = planCountry(plan);
  const lookalikes = useLookalikes(iso);
  if (!iso) return null;
  const country = countryNameIn(iso, language);
  const region = isRegionName(plan.plc_region)
    ? regionName(plan.plc_region, language)
    : plan.plc_region;
  const others = lookalikes.data ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="border-t border-slate-200 px-4 py-4 sm:px-6"
      data-testid="destination-check"
    >
      <h2 id={headingId} className="text-sm font-medium text-slate-600">
        {t('checkout.checks.destination.title')}
      </h2>
      <p className="mt-2 flex items-center gap-3 text-base font-semibold text-slate-900">
        <Flag iso={iso} width={32} />
        <span>
          {intl.formatMessage(
            { id: 'checkout.checks.destination.country' satisfies MessageId },
            { country: name(country), region: name(region, 'region') },
          )}
        </span>
      </p>
      {others.length > 0 ? (
        <ul className="mt-3 grid gap-3">
          {others.map((other) => (
            <Lookalike
              key={other}
              iso={other}
              country={country}
              purchase={purchase}
              language={language}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Lookalike({
  iso,
  country,
  purchase,
  language,
}: {
  iso: string;
  country: string;
  purchase: Purchase;
  language: ReturnType<typeof useLanguage>['language'];
}) {
  const intl = useIntl();
  const other = countryNameIn(iso, language);
  const say = (id: MessageId, values: Record<string, ReactNode>) =>
    intl.formatMessage({ id }, values);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Flag iso={iso} width={28} className="mt-1" />
        <div>
          <p className="font-semibold text-slate-900">
            {say('checkout.checks.lookalike.question', { country: name(other) })}
          </p>
          <p className="text-sm text-slate-700">
            {say('checkout.checks.lookalike.note', { country: name(country) })}
          </p>
        </div>
      </div>
      <Link
        to={countryPlansLocation(iso, purchase)}
        className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-full border border-sky-700 bg-white px-4 text-sm font-semibold text-sky-800 hover:bg-sky-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
      >
        {say('checkout.checks.lookalike.switch', { country: name(other) })}
      </Link>
    </li>
  );
}

interface HomeCountryCheckProps {
  home: HomeCountry;
  confirmed: boolean;
  onConfirmedChange(confirmed: boolean): void;
}

/** A plan for the buyer's own country: said plainly, and confirmed before payment. */
export function HomeCountryCheck({ home, confirmed, onConfirmedChange }: HomeCountryCheckProps) {
  const intl = useIntl();
  const t = useT();
  const { language } = useLanguage();
  const titleId = useId();
  const country = name(countryNameIn(home.iso, language));
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id={titleId} className="font-semibold">
        {t('checkout.checks.home.title')}
      </h2>
      <p className="mt-1 text-sm">
        {intl.formatMessage(
          {
            id: (home.from === 'mobile'
              ? 'checkout.checks.home.fromMobile'
              : 'checkout.checks.home.fromBrowser') satisfies MessageId,
          },
          { country },
        )}
      </p>
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          checked={confirmed}
          onChange={(event) => onConfirmedChange(event.target.checked)}
          className="size-5 shrink-0 accent-amber-800"
        />
        <span>
          {intl.formatMessage(
            { id: 'checkout.checks.home.confirm' satisfies MessageId },
            { country: name(countryNameIn(home.iso, language), 'confirm') },
          )}
        </span>
      </label>
    </section>
  );
}

/** When the plan's clock starts and ends, in words. */
export function PlanClock({ plan }: { plan: Plan }) {
  const intl = useIntl();
  const t = useT();
  const { language } = useLanguage();
  const titleId = useId();
  const iso = planCountry(plan);
  const days = plan.pla_duration;
  return (
    <section aria-labelledby={titleId} className="border-t border-slate-200 px-4 py-4 sm:px-6">
      <h2 id={titleId} className="text-sm font-medium text-slate-600">
        {t('checkout.checks.clock.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-900 sm:text-base">
        {iso
          ? intl.formatMessage(
              { id: 'checkout.checks.clock.country' satisfies MessageId },
              { country: name(countryNameIn(iso, language)), days },
            )
          : t('checkout.checks.clock.region', { days })}
      </p>
    </section>
  );
}
