/**
 * A new markup: a percent and a rounding, priced on a sample of plans before anything is saved
 * (the preview saves nothing, so a viewer may ask for it too). Saving asks first, since every
 * price on sale follows at once; the operator role only.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MARKUP_PERCENT_MAX,
  type Markup,
  type MarkupPreview,
  type MarkupRounding,
  markupRoundings,
  markupSchema,
  type OpsMarkup,
} from '@tern/contract/ops-customers';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { ProblemAlert } from '../../../components/problem-alert';
import { fieldControlClass, TextField } from '../../../components/text-field';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import type { OpsWordId } from '../ops-words';
import { formatMoney } from '../utils/ops-format';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable } from './data-table';
import { primaryButton, secondaryButton } from './ops-styles';

export const roundingWords: Record<MarkupRounding, OpsWordId> = {
  'ninety-nine': 'catalogue.roundingNinetyNine',
  'forty-nine-or-ninety-nine': 'catalogue.roundingFortyNineOrNinetyNine',
  cent: 'catalogue.roundingCent',
};

/** The markup typed, when the contract takes it; the same rule the server checks. */
function parseMarkup(percent: string, rounding: MarkupRounding): Markup | undefined {
  if (percent.trim() === '') return undefined;
  const parsed = markupSchema.safeParse({ percent: Number(percent), rounding });
  return parsed.success ? parsed.data : undefined;
}

export function MarkupForm({ inForce, mayAct }: { inForce: OpsMarkup; mayAct: boolean }) {
  const t = useOpsT();
  const id = useId();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(String(inForce.percent));
  const [rounding, setRounding] = useState<MarkupRounding>(inForce.rounding);
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState(false);
  const markup = parseMarkup(percent, rounding);
  const preview = useMutation({ mutationFn: opsApi.previewMarkup });
  const save = useMutation({
    mutationFn: opsApi.saveMarkup,
    onSuccess: (overview) => {
      queryClient.setQueryData(opsKeys.catalogue, overview);
      // Today's prices in the preview are yesterday's now.
      preview.reset();
      setAsking(false);
      setSaved(true);
    },
  });
  const edited = () => {
    preview.reset();
    setSaved(false);
  };
  const submitPreview = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (markup) preview.mutate(markup);
  };
  const askToSave = () => {
    setTouched(true);
    if (!markup) return;
    save.reset();
    setSaved(false);
    setAsking(true);
  };
  const invalid = touched && !markup;
  // One object per refusal: the alert brings itself into view each time it is given a new one.
  const refusal = useMemo(
    () => (preview.error ? { title: preview.error.message, details: [] } : undefined),
    [preview.error],
  );
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {t('catalogue.markupForm')}
      </h3>
      <form onSubmit={submitPreview} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-percent`}
          label={t('catalogue.percent')}
          hint={t('catalogue.percentHint', { max: MARKUP_PERCENT_MAX })}
          error={invalid ? t('catalogue.percentInvalid', { max: MARKUP_PERCENT_MAX }) : undefined}
          type="number"
          inputMode="decimal"
          min={0}
          max={MARKUP_PERCENT_MAX}
          step={0.01}
          dir="ltr"
          value={percent}
          onChange={(event) => {
            setPercent(event.target.value);
            edited();
          }}
          className="w-48"
        />
        <div>
          <label htmlFor={`${id}-rounding`} className="block text-sm font-medium text-slate-900">
            {t('catalogue.rounding')}
          </label>
          <select
            id={`${id}-rounding`}
            value={rounding}
            onChange={(event) => {
              const next = markupRoundings.find((mode) => mode === event.target.value);
              if (next) setRounding(next);
              edited();
            }}
            className={fieldControlClass(false)}
          >
            {markupRoundings.map((mode) => (
              <option key={mode} value={mode}>
                {t(roundingWords[mode])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton} disabled={preview.isPending}>
          {t('catalogue.preview')}
        </button>
        {mayAct ? (
          <button type="button" className={primaryButton} onClick={askToSave}>
            {t('catalogue.saveMarkup')}
          </button>
        ) : null}
      </form>
      {refusal ? <ProblemAlert className="mt-2" problem={refusal} /> : null}
      <p role="status">{saved ? t('catalogue.markupSaved') : ''}</p>
      {preview.data ? <PreviewTable preview={preview.data} /> : null}
      <ConfirmDialog
        open={asking}
        message={
          markup
            ? t('catalogue.confirmMarkup', {
                percent: markup.percent,
                rounding: t(roundingWords[markup.rounding]),
              })
            : ''
        }
        pending={save.isPending}
        refusal={save.error?.message}
        onConfirm={() => markup && save.mutate(markup)}
        onClose={() => setAsking(false)}
      />
    </section>
  );
}

function PreviewTable({ preview }: { preview: MarkupPreview }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const money = (amount: number) => formatMoney(amount, preview.currency, language);
  return (
    <DataTable
      title={t('catalogue.previewTitle', {
        percent: preview.markup.percent,
        rounding: t(roundingWords[preview.markup.rounding]),
      })}
      empty={t('catalogue.previewEmpty')}
      columns={[
        t('column.plan'),
        t('catalogue.destination'),
        t('catalogue.cost'),
        t('catalogue.priceNow'),
        t('catalogue.priceNew'),
      ]}
      rows={preview.plans.map((line) => ({
        key: `${line.destination}-${line.plan}`,
        cells: [
          line.plan,
          line.destination,
          money(line.providerCost),
          money(line.priceNow),
          money(line.priceWithMarkup),
        ],
      }))}
    />
  );
}
