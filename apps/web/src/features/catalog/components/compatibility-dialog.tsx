// Before buying: how to check that the phone takes an eSIM (dial *#06#, look for an EID) and
// whether it is unlocked (components/unlocked-question.tsx), in the chosen language; the code
// and the price stay left to right in Arabic.
import type { Plan } from '@tern/contract/catalog';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import type { MessageId } from '../../../locales/en';
import { formatPrice, planTitleText } from '../utils/plan-format';
import { usePlanWords } from './plan-card';
import { UnlockedQuestion, useLockConsequence } from './unlocked-question';

interface CompatibilityDialogProps {
  plan: Plan | undefined;
  open: boolean;
  destinationName: string;
  onClose: () => void;
  onProceed: (plan: Plan) => void;
}

export function CompatibilityDialog(props: CompatibilityDialogProps) {
  const { plan, open, destinationName, onClose, onProceed } = props;
  const words = usePlanWords();
  const { t, language } = words;
  const intl = useIntl();
  const dialCode = (
    <kbd
      key="code"
      dir="ltr"
      className="rounded bg-slate-100 px-1.5 py-0.5 font-mono font-semibold text-slate-900 ring-1 ring-slate-300"
    >
      *#06#
    </kbd>
  );
  const stepOne: MessageId = 'plans.compat.step1';
  const consequenceId = useId();
  const describeProceed = useLockConsequence();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('plans.compat.title')}
      width="md"
      footer={
        <>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('plans.compat.close')}
          </button>
          <button
            type="button"
            onClick={() => plan && onProceed(plan)}
            aria-describedby={describeProceed ? consequenceId : undefined}
            className="rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('plans.compat.proceed')}
          </button>
        </>
      }
    >
      {plan ? (
        <div className="flex items-center justify-between gap-4 rounded-xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
          <div>
            <p className="font-semibold text-slate-900">{destinationName}</p>
            <p className="text-sm text-slate-700">{planTitleText(plan, words)}</p>
          </div>
          <p dir="ltr" className="shrink-0 text-xl font-bold text-brand-800">
            {formatPrice(plan.pla_price, language)}
          </p>
        </div>
      ) : null}
      <ol className="mt-5 space-y-3 text-slate-800">
        <li className="flex gap-3">
          <StepNumber n={1} />
          <span>{intl.formatMessage({ id: stepOne }, { code: dialCode })}</span>
        </li>
        <li className="flex gap-3">
          <StepNumber n={2} />
          <span>{t('plans.compat.step2')}</span>
        </li>
      </ol>
      <UnlockedQuestion consequenceId={consequenceId} />
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
