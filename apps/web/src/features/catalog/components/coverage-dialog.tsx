// 'View Regions': the countries a multi-country plan works in, each with its flag and the
// networks the plan uses there, and what the plan tells before buying (decision 0015).
import type { Plan } from '@tern/contract';
import { Dialog } from '../../../components/dialog';
import { usePlanCoverage } from '../api/get-plan-coverage';
import { formatNetworks, planFacts } from '../utils/plan-format';
import { Flag } from './flag';
import { FactIcon } from './plan-card';

interface CoverageDialogProps {
  plan: Plan | undefined;
  open: boolean;
  destinationName: string;
  onClose: () => void;
}

export function CoverageDialog({ plan, open, destinationName, onClose }: CoverageDialogProps) {
  const coverage = usePlanCoverage(plan?.pla_id, open);
  const count = coverage.data?.length ?? plan?.coverage ?? 0;
  // The country count is the dialog's own subject; the rest of the card's facts still help.
  const facts = plan ? planFacts(plan).filter((fact) => fact.kind !== 'coverage') : [];
  return (
    <Dialog open={open} onClose={onClose} title="Countries covered" width="lg">
      {plan ? (
        <>
          <p className="text-slate-700">
            Your {destinationName} plan ({plan.pla_title}) works in {count}{' '}
            {count === 1 ? 'country' : 'countries'}.
          </p>
          {facts.length > 0 ? (
            <ul aria-label="About this plan" className="mt-3 space-y-1.5 text-sm text-slate-700">
              {facts.map((fact) => (
                <li key={fact.kind} className="flex items-start gap-2">
                  <FactIcon kind={fact.kind} />
                  <span>{fact.text}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {coverage.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Loading the countries…</span>
          <ul
            aria-hidden="true"
            className="grid animate-pulse gap-x-6 gap-y-3 sm:grid-cols-2 motion-reduce:animate-none"
          >
            {Array.from({ length: Math.min(plan?.coverage ?? 8, 12) }, (_, index) => (
              <li key={index} className="flex items-center gap-3">
                <span className="h-[18px] w-6 rounded-[3px] bg-slate-200" />
                <span className="h-3.5 w-32 rounded bg-slate-200" />
              </li>
            ))}
          </ul>
        </div>
      ) : coverage.isError ? (
        // The spec swallows this failure; a short note beats an empty dialog.
        <p className="mt-4 rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
          Coverage list unavailable
        </p>
      ) : (
        <ul aria-label="Countries" className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {coverage.data.map((country) => (
            <li key={country.plr_iso} className="flex items-start gap-3 text-slate-800">
              <Flag iso={country.plr_iso} width={24} className="mt-0.5" />
              <span className="min-w-0">
                <span className="block">{country.plr_name}</span>
                {country.plr_networks.length > 0 ? (
                  <span className="block text-sm text-slate-600">
                    <span className="sr-only">Networks: </span>
                    {formatNetworks(country.plr_networks)}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
