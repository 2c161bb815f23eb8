/**
 * The plan to buy for an eSIM (issue 32), in the one-tap and automatic top-up dialogs: a
 * select of the eSIM's top-up plans, each with its title in the language and its price.
 */
import type { Plan } from '@tern/contract/catalog';
import { fieldControlClass } from '../../../components/text-field';
import { formatPrice } from '../../../lib/i18n';
import { useProfileWords } from '../hooks/use-profile-words';
import { planTitleIn } from '../utils/profile-format';

export interface TopupPlanSelectProps {
  id: string;
  label: string;
  plans: readonly Plan[];
  value: string;
  onChange: (planName: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

export function TopupPlanSelect({
  id,
  label,
  plans,
  value,
  onChange,
  error,
  hint,
}: TopupPlanSelectProps) {
  const words = useProfileWords();
  const { t, language } = words;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={fieldControlClass(Boolean(error))}
      >
        {value === '' ? <option value="">{t('profile.oneTap.choosePlan')}</option> : null}
        {plans.map((plan) => (
          <option key={plan.pla_name} value={plan.pla_name}>
            {t('profile.oneTap.planOption', {
              plan: planTitleIn(plan.pla_title, words),
              price: formatPrice(plan.pla_price, language),
            })}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
