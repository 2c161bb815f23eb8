/**
 * An operator's two changes to an account, each asked first: end every session (a lost phone,
 * a shared laptop), and the language its e-mails and invoices go out in. A refusal from the
 * server is told inside the dialog; nothing was changed then.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Language, languages } from '@tern/contract/languages';
import type { OpsCustomerDetail } from '@tern/contract/ops-customers';
import { useId, useState } from 'react';
import { fieldControlClass } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { languageName } from '../utils/ops-format';
import { ConfirmDialog } from './confirm-dialog';
import { secondaryButton } from './ops-styles';

type Change = { kind: 'sign-out' } | { kind: 'language'; language: Language };

export function CustomerActions({ customer }: { customer: OpsCustomerDetail }) {
  const t = useOpsT();
  const id = useId();
  const { language: shown } = useLanguage();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Language>(customer.language);
  const [asking, setAsking] = useState<Change | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const email = `\u2068${customer.email}\u2069`;
  const run = useMutation({
    mutationFn: async (change: Change): Promise<string> => {
      if (change.kind === 'sign-out') {
        const result = await opsApi.signOutEverywhere(customer.id);
        void queryClient.invalidateQueries({ queryKey: opsKeys.customer(customer.id) });
        return t('customer.signedOut', { count: result.sessionsEnded });
      }
      const updated = await opsApi.setCustomerLanguage(customer.id, change.language);
      queryClient.setQueryData(opsKeys.customer(customer.id), updated);
      // The searches show each account's language too.
      void queryClient.invalidateQueries({ queryKey: opsKeys.customerLists });
      return t('customer.languageSaved', { language: languageName(change.language, shown) });
    },
    onSuccess: (message) => {
      setAsking(undefined);
      setDone(message);
    },
  });
  const ask = (change: Change) => {
    run.reset();
    setDone(undefined);
    setAsking(change);
  };
  const message = !asking
    ? ''
    : asking.kind === 'sign-out'
      ? t('customer.confirmSignOut', { email })
      : t('customer.confirmLanguage', { email, language: languageName(asking.language, shown) });
  return (
    <section aria-labelledby={`${id}-actions`} className="space-y-3">
      <h3 id={`${id}-actions`} className="text-lg font-semibold">
        {t('customer.actions')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <button type="button" className={secondaryButton} onClick={() => ask({ kind: 'sign-out' })}>
          {t('customer.signOutEverywhere')}
        </button>
        <div>
          <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-900">
            {t('customer.languageLabel')}
          </label>
          <select
            id={`${id}-language`}
            value={chosen}
            onChange={(event) => {
              const next = languages.find((code) => code === event.target.value);
              if (next) setChosen(next);
            }}
            className={fieldControlClass(false)}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code, shown)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={secondaryButton}
          disabled={chosen === customer.language}
          onClick={() => ask({ kind: 'language', language: chosen })}
        >
          {t('customer.saveLanguage')}
        </button>
      </div>
      <p role="status">{done ?? ''}</p>
      <ConfirmDialog
        open={asking !== undefined}
        message={message}
        pending={run.isPending}
        refusal={run.error?.message}
        onConfirm={() => asking && run.mutate(asking)}
        onClose={() => setAsking(undefined)}
      />
    </section>
  );
}
