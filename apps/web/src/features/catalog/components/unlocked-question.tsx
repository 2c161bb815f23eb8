/**
 * "Is your phone unlocked?" in the compatibility step (issue 31): how to check on an iPhone
 * (Settings > General > About > Carrier Lock, "No SIM restrictions", spec section 9) and on
 * Android (no single setting: ask the carrier, or try another network's SIM, as the FAQ says),
 * answered Yes, No or Not sure and remembered on this device. "No" says plainly that the eSIM
 * will not work until the carrier unlocks the phone; buying stays the traveller's choice.
 */
import { useId } from 'react';
import type { MessageId } from '../../../locales/en';
import {
  type PhoneLockAnswer,
  phoneLockAnswers,
  usePhoneUnlocked,
} from '../hooks/use-phone-unlocked';
import { usePlanWords } from './plan-card';

const answerLabels: Record<PhoneLockAnswer, MessageId> = {
  yes: 'plans.compat.lock.yes',
  no: 'plans.compat.lock.no',
  unsure: 'plans.compat.lock.unsure',
};

/** `consequenceId` names the line that tells what the answer means, for the Proceed button. */
export function UnlockedQuestion({ consequenceId }: { consequenceId: string }) {
  const { t } = usePlanWords();
  const [answer, setAnswer] = usePhoneUnlocked();
  const name = useId();
  const hintId = useId();
  return (
    <fieldset className="mt-5 rounded-xl p-4 ring-1 ring-slate-200" aria-describedby={hintId}>
      <legend className="px-1 font-semibold text-slate-900">
        {t('plans.compat.lock.question')}
      </legend>
      <div id={hintId} className="text-sm text-slate-700">
        <p>{t('plans.compat.unlocked')}</p>
        <ul className="mt-2 list-disc space-y-1 ps-5">
          <li>{t('plans.compat.lock.iphone')}</li>
          <li>{t('plans.compat.lock.android')}</li>
        </ul>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {phoneLockAnswers.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={answer === value}
              onChange={() => setAnswer(value)}
              className="h-4 w-4 accent-brand-700"
            />
            {t(answerLabels[value])}
          </label>
        ))}
      </div>
      {/* Said as soon as it is chosen, and kept next to Proceed by its description. */}
      <div aria-live="polite">
        {answer === 'no' ? (
          <p
            id={consequenceId}
            className="mt-3 rounded-lg border-s-4 border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
          >
            {t('plans.compat.lock.lockedWarning')}
          </p>
        ) : answer === 'unsure' ? (
          <p
            id={consequenceId}
            className="mt-3 rounded-lg border-s-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            {t('plans.compat.lock.unsureNote')}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** Whether the answer comes with a line Proceed should be described by. */
export function useLockConsequence(): boolean {
  const [answer] = usePhoneUnlocked();
  return answer === 'no' || answer === 'unsure';
}
