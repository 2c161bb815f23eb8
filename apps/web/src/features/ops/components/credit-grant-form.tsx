/**
 * An operator gives an account store credit (issue 31): an amount in dollars and the reason
 * the buyer will read on their profile. The server checks both (and the role) and audits the
 * grant; a refusal is told under the form, nothing given then.
 */

import { useMutation } from '@tanstack/react-query';
import type { OpsCustomerDetail } from '@tern/contract/ops-customers';
import { type FormEvent, useId, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert';
import { fieldControlClass } from '../../../components/text-field';
import { formatPrice, useLanguage } from '../../../lib/i18n';
import { opsApi } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { useProblem } from '../hooks/use-problem';
import { secondaryButton } from './ops-styles';

export function CreditGrantForm({ customer }: { customer: OpsCustomerDetail }) {
  const t = useOpsT();
  const id = useId();
  const { language } = useLanguage();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState('');
  const grant = useMutation({
    mutationFn: () => opsApi.grantCredit(customer.id, { amount: Number(amount), reason }),
    onSuccess: (result) => {
      setDone(t('credit.granted', { balance: formatPrice(result.balance, language) }));
      setAmount('');
      setReason('');
    },
  });
  const refusal = useProblem(grant.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    grant.mutate();
  };
  return (
    <section aria-labelledby={`${id}-credit`} className="space-y-3">
      <h3 id={`${id}-credit`} className="text-lg font-semibold">
        {t('credit.title')}
      </h3>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-900">
            {t('credit.amount')}
          </label>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            className={fieldControlClass(false)}
          />
        </div>
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-900">
            {t('credit.reason')}
          </label>
          <input
            id={`${id}-reason`}
            type="text"
            required
            minLength={3}
            maxLength={200}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={fieldControlClass(false)}
          />
        </div>
        <button type="submit" className={secondaryButton} disabled={grant.isPending}>
          {t('credit.grant')}
        </button>
      </form>
      <p role="status">{done}</p>
      {refusal ? <ProblemAlert problem={refusal} /> : null}
    </section>
  );
}
