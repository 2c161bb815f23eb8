/**
 * Promo codes (issue 31): every operator sees the codes with their uses; the operator role
 * creates one: a percentage or an amount off, its first and last day (UTC), how many uses in
 * all, from which price and for which destinations. The form checks with the contract's own
 * rule before sending, and shows the server's refusal (a name taken) where it was asked.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OpsPromoCode,
  type OpsPromoCodeRequest,
  opsPromoCodeRequestSchema,
} from '@tern/contract/promo-codes';
import { type FormEvent, useId, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert';
import { fieldControlClass, TextField } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { useProblem } from '../hooks/use-problem';
import { useOperatorSession } from '../ops-session';
import type { OpsWordId } from '../ops-words';
import { formatMoney, utcDay } from '../utils/ops-format';
import { DataTable, Ltr } from './data-table';
import { primaryButton } from './ops-styles';
import { QueryState } from './query-state';

export function PromoCodesSection() {
  const t = useOpsT();
  const codes = useQuery({ queryKey: opsKeys.promoCodes, queryFn: opsApi.promoCodes });
  const mayAct = useOperatorSession()?.role === 'operator';
  return (
    <div className="space-y-8">
      <QueryState query={codes}>{(list) => <PromoCodeTable codes={list} />}</QueryState>
      {mayAct ? <PromoCodeForm /> : <p>{t('viewerNote')}</p>}
    </div>
  );
}

function PromoCodeTable({ codes }: { codes: OpsPromoCode[] }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const off = (code: OpsPromoCode) =>
    code.percentOff !== null
      ? t('promo.percentOff', { percent: code.percentOff })
      : formatMoney(code.amountOff ?? 0, 'USD', language);
  return (
    <DataTable
      level={2}
      title={t('section.promoCodes')}
      empty={t('promo.none')}
      columns={[
        t('promo.code'),
        t('promo.off'),
        t('promo.days'),
        t('promo.uses'),
        t('promo.minPrice'),
        t('promo.destinations'),
      ]}
      rows={codes.map((code) => ({
        key: code.code,
        cells: [
          <Ltr key="c" mono>
            {code.code}
          </Ltr>,
          off(code),
          <Ltr key="d">{`${code.startsAt.slice(0, 10)} – ${lastDay(code.endsAt)}`}</Ltr>,
          t('promo.usesOf', { uses: code.uses, max: code.maxUses }),
          code.minPrice > 0 ? formatMoney(code.minPrice, 'USD', language) : t('promo.any'),
          code.destinations.length > 0 ? (
            <Ltr key="w">{code.destinations.join(', ')}</Ltr>
          ) : (
            t('promo.everywhere')
          ),
        ],
      }))}
    />
  );
}

/** The last day a code is good for: it ends at midnight UTC after it. */
function lastDay(endsAt: string): string {
  return utcDay(new Date(Date.parse(endsAt) - 1));
}

interface Draft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  firstDay: string;
  lastDay: string;
  maxUses: string;
  minPrice: string;
  destinations: string;
}

const today = () => utcDay(new Date());

const emptyDraft = (): Draft => ({
  code: '',
  kind: 'percent',
  value: '',
  firstDay: today(),
  lastDay: '',
  maxUses: '100',
  minPrice: '',
  destinations: '',
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The request the draft makes, as the contract reads it, or the contract's complaints. */
export function promoRequestOf(draft: Draft) {
  const value = Number(draft.value);
  const request: OpsPromoCodeRequest = {
    code: draft.code,
    ...(draft.kind === 'percent' ? { percentOff: value } : { amountOff: value }),
    startsAt: draft.firstDay ? `${draft.firstDay}T00:00:00Z` : '',
    endsAt: draft.lastDay ? nextDay(draft.lastDay).toISOString() : '',
    maxUses: Number(draft.maxUses),
    minPrice: draft.minPrice.trim() === '' ? 0 : Number(draft.minPrice),
    destinations: draft.destinations
      .split(',')
      .map((destination) => destination.trim())
      .filter((destination) => destination !== ''),
  };
  return opsPromoCodeRequestSchema.safeParse(request);
}

/** The fields the contract refuses, by their names in the request. */
function refusedFields(draft: Draft): Set<string> {
  const parsed = promoRequestOf(draft);
  if (parsed.success) return new Set();
  return new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'code')));
}

function PromoCodeForm() {
  const t = useOpsT();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [touched, setTouched] = useState(false);
  const [createdCode, setCreatedCode] = useState('');
  const create = useMutation({
    mutationFn: opsApi.createPromoCode,
    onSuccess: (code) => {
      void queryClient.invalidateQueries({ queryKey: opsKeys.promoCodes });
      setCreatedCode(code.code);
      setDraft(emptyDraft());
      setTouched(false);
    },
  });
  const refusal = useProblem(create.error);
  const refused = touched ? refusedFields(draft) : new Set<string>();
  // The console's own words for each field: the contract's messages are English only.
  const errorOf = (fields: string[], word: OpsWordId) =>
    fields.some((name) => refused.has(name)) ? t(word) : undefined;
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [name]: event.target.value }));
      setCreatedCode('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const parsed = promoRequestOf(draft);
    if (parsed.success) create.mutate(parsed.data);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('promo.create')}
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field('code')}
          label={t('promo.code')}
          hint={t('promo.codeHint')}
          error={errorOf(['code'], 'promo.codeInvalid')}
          dir="ltr"
          autoComplete="off"
        />
        <div>
          <label htmlFor={`${id}-kind`} className="block text-sm font-medium text-slate-900">
            {t('promo.kind')}
          </label>
          <select {...field('kind')} className={fieldControlClass(false)}>
            <option value="percent">{t('promo.kindPercent')}</option>
            <option value="amount">{t('promo.kindAmount')}</option>
          </select>
        </div>
        <TextField
          {...field('value')}
          label={draft.kind === 'percent' ? t('promo.percent') : t('promo.amount')}
          error={errorOf(
            ['percentOff', 'amountOff'],
            draft.kind === 'percent' ? 'promo.percentInvalid' : 'promo.amountInvalid',
          )}
          type="number"
          inputMode="decimal"
          dir="ltr"
        />
        <TextField
          {...field('maxUses')}
          label={t('promo.maxUses')}
          hint={t('promo.maxUsesHint')}
          error={errorOf(['maxUses'], 'promo.maxUsesInvalid')}
          type="number"
          inputMode="numeric"
          dir="ltr"
        />
        <TextField
          {...field('firstDay')}
          label={t('promo.firstDay')}
          error={errorOf(['startsAt'], 'promo.firstDayInvalid')}
          type="date"
          dir="ltr"
        />
        <TextField
          {...field('lastDay')}
          label={t('promo.lastDay')}
          error={errorOf(['endsAt'], 'promo.lastDayInvalid')}
          type="date"
          dir="ltr"
        />
        <TextField
          {...field('minPrice')}
          label={t('promo.minPrice')}
          hint={t('promo.minPriceHint')}
          error={errorOf(['minPrice'], 'promo.minPriceInvalid')}
          type="number"
          inputMode="decimal"
          dir="ltr"
        />
        <TextField
          {...field('destinations')}
          label={t('promo.destinations')}
          hint={t('promo.destinationsHint')}
          error={errorOf(['destinations'], 'promo.destinationsInvalid')}
          dir="ltr"
        />
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={create.isPending}>
            {t('promo.createButton')}
          </button>
        </div>
      </form>
      {refusal ? <ProblemAlert problem={refusal} /> : null}
      <p role="status">{createdCode ? t('promo.created', { code: createdCode }) : ''}</p>
    </section>
  );
}
