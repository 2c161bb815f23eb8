// Before buying: how to check that the phone takes an eSIM (dial *#06#, look for an EID).
import type { Plan } from '@tern/contract';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { formatPrice } from '../utils/plan-format';

interface CompatibilityDialogProps {
  plan: Plan | undefined;
  open: boolean;
  destinationName: string;
  onClose: () => void;
  onProceed: (plan: Plan) => void;
}

export function CompatibilityDialog(props: CompatibilityDialogProps) {
  const { plan, open, destinationName, onClose, onProceed } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Is your phone eSIM compatible?"
      width="md"
      footer={
        <>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Close
          </button>
          <button
            type="button"
            onClick={() => plan && onProceed(plan)}
            className="rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Proceed
          </button>
        </>
      }
    >
      {plan ? (
        <div className="flex items-center justify-between gap-4 rounded-xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
          <div>
            <p className="font-semibold text-slate-900">{destinationName}</p>
            <p className="text-sm text-slate-700">{plan.pla_title}</p>
          </div>
          <p className="shrink-0 text-xl font-bold text-brand-800">{formatPrice(plan.pla_price)}</p>
        </div>
      ) : null}
      <ol className="mt-5 space-y-3 text-slate-800">
        <li className="flex gap-3">
          <StepNumber n={1} />
          <span>
            Open your phone's dialer and dial{' '}
            <kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-mono font-semibold text-slate-900 ring-1 ring-slate-300">
              *#06#
            </kbd>
            .
          </span>
        </li>
        <li className="flex gap-3">
          <StepNumber n={2} />
          <span>If an EID number shows, your phone is eSIM compatible.</span>
        </li>
      </ol>
      <p className="mt-5 text-sm text-slate-600">
        Your phone must also be unlocked from any network provider.
      </p>
    </Dialog>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
    >
      {n}
    </span>
  );
}
