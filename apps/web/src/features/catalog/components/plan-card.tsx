// One plan on the plan-details page: allowance, validity, price, and what can be done with it.
import type { Plan } from '@tern/contract';
import { useId } from 'react';
import { formatPlanData, formatPrice, formatValidity } from '../utils/plan-format';

interface PlanCardProps {
  plan: Plan;
  onBuy: (plan: Plan) => void;
  onViewCoverage: (plan: Plan) => void;
}

export function PlanCard({ plan, onBuy, onViewCoverage }: PlanCardProps) {
  const id = useId();
  // Every card has a 'Buy Now': a screen reader also hears which plan it buys.
  const summary = `${id}-data ${id}-validity ${id}-price`;
  return (
    <article
      aria-labelledby={`${id}-data`}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md motion-reduce:transition-none"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={`${id}-data`} className="text-2xl font-bold tracking-tight text-slate-900">
            {formatPlanData(plan)}
          </h3>
          <p id={`${id}-validity`} className="mt-1 flex items-center gap-1.5 text-slate-700">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
              <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {formatValidity(plan.pla_duration)}
          </p>
        </div>
        <p id={`${id}-price`} className="text-right">
          <span className="sr-only">Price: </span>
          <span className="text-2xl font-bold text-brand-800">{formatPrice(plan.pla_price)}</span>
        </p>
      </div>
      <p className="mt-3 text-sm text-slate-600">{plan.pla_description}</p>
      {plan.coverage > 1 ? (
        <p className="mt-1 text-sm text-slate-600">Works in {plan.coverage} countries</p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        {plan.coverage > 1 ? (
          <button
            type="button"
            aria-describedby={summary}
            onClick={() => onViewCoverage(plan)}
            className="flex-1 rounded-full border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            View Regions
          </button>
        ) : null}
        <button
          type="button"
          aria-describedby={summary}
          onClick={() => onBuy(plan)}
          className="flex-1 rounded-full bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Buy Now
        </button>
      </div>
    </article>
  );
}

export function PlanCardSkeleton() {
  return (
    <div className="flex h-full min-h-56 flex-col rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex justify-between">
        <div className="space-y-2">
          <div className="h-7 w-20 rounded bg-slate-200" />
          <div className="h-4 w-16 rounded bg-slate-200" />
        </div>
        <div className="h-7 w-20 rounded bg-slate-200" />
      </div>
      <div className="mt-4 h-4 w-3/4 rounded bg-slate-200" />
      <div className="mt-auto h-10 rounded-full bg-slate-200" />
    </div>
  );
}
