// One plan on the plan-details page: its title in the shop's words, its price, what it tells
// before buying (networks, speed, fair use, when it starts), and what can be done with it,
// in the chosen language (the price and data amounts left to right in Arabic).
import type { Plan } from '@tern/contract/catalog';
import { useId } from 'react';
import { LineIcon } from '../../../components/line-icon';
import { useLanguage, useT } from '../../../lib/i18n';
import {
  formatPrice,
  type PlanFact,
  type PlanFactKind,
  type PlanWords,
  planFacts,
  planTitleText,
} from '../utils/plan-format';

/** The messages and language a plan's texts are written with. */
export function usePlanWords(): PlanWords {
  const t = useT();
  const { language } = useLanguage();
  return { t, language };
}

interface PlanCardProps {
  plan: Plan;
  onBuy: (plan: Plan) => void;
  onViewCoverage: (plan: Plan) => void;
}

export function PlanCard({ plan, onBuy, onViewCoverage }: PlanCardProps) {
  const id = useId();
  // Every card has a 'Buy Now': a screen reader also hears which plan it buys.
  const summary = `${id}-title ${id}-price`;
  const words = usePlanWords();
  const { t, language } = words;
  const facts = planFacts(plan, words);
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-600 hover:shadow-md motion-reduce:transition-none sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h3
          id={`${id}-title`}
          className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl"
        >
          {planTitleText(plan, words)}
        </h3>
        <p id={`${id}-price`} className="shrink-0 whitespace-nowrap text-end">
          <span className="sr-only">{t('plans.card.price')} </span>
          <span dir="ltr" className="text-xl font-bold text-brand-800 sm:text-2xl">
            {formatPrice(plan.pla_price, language)}
          </span>
        </p>
      </div>
      <PlanFactList facts={facts} />
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {plan.coverage > 1 ? (
          <button
            type="button"
            aria-describedby={summary}
            onClick={() => onViewCoverage(plan)}
            className="flex-1 rounded-full border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t('plans.card.viewRegions')}
          </button>
        ) : null}
        <button
          type="button"
          aria-describedby={summary}
          onClick={() => onBuy(plan)}
          className="flex-1 rounded-full bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {t('plans.card.buyNow')}
        </button>
      </div>
    </article>
  );
}

const factIconPaths: Record<PlanFactKind, string> = {
  // Signal bars.
  networks: 'M5 17v-3M10 17v-6M15 17V8M20 17V5',
  // A lightning bolt.
  speed: 'M13 3 6 13h5l-1 8 7-10h-5l1-8Z',
  // A globe.
  coverage:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
  // A gauge.
  'fair-use': 'M4 17a8 8 0 1 1 16 0M12 17l4-5',
  // A clock.
  start: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM12 7.5V12l3 2',
};

/** What a plan tells before buying, each fact beside its icon; nothing when it tells nothing. */
export function PlanFactList({ facts }: { facts: readonly PlanFact[] }) {
  const t = useT();
  if (facts.length === 0) return null;
  return (
    <ul aria-label={t('plans.card.about')} className="mt-3 space-y-1.5 text-sm text-slate-700">
      {facts.map((fact) => (
        <li key={fact.kind} className="flex items-start gap-2">
          <FactIcon kind={fact.kind} />
          <span>{fact.text}</span>
        </li>
      ))}
    </ul>
  );
}

function FactIcon({ kind }: { kind: PlanFactKind }) {
  return (
    <LineIcon
      path={factIconPaths[kind]}
      box={24}
      size={16}
      className="mt-0.5 shrink-0 text-brand-700"
    />
  );
}

export function PlanCardSkeleton() {
  return (
    <div className="flex h-full min-h-56 flex-col rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex justify-between">
        <div className="h-7 w-36 rounded bg-slate-200" />
        <div className="h-7 w-20 rounded bg-slate-200" />
      </div>
      <div className="mt-4 h-4 w-3/4 rounded bg-slate-200" />
      <div className="mt-2 h-4 w-2/3 rounded bg-slate-200" />
      <div className="mt-auto h-10 rounded-full bg-slate-200" />
    </div>
  );
}
