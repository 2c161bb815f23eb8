/**
 * "Promo code" on plan confirmation (issue 31): the buyer types a code and applies it; the
 * server says what it takes off (shown in the order's breakdown) or why it does not apply,
 * said next to the field. The server decides again when the payment opens.
 */
import type { OrderPricing } from '@tern/contract/credit';
import { type FormEvent, useId } from 'react';
import { TextField } from '../../../components/text-field';
import { useLanguage, useT } from '../../../lib/i18n';
import type { PromoCodeState } from '../hooks/use-promo-code';
import { formatOrderPrice } from '../utils/order-summary';
import { PricingLines } from './pricing-lines';

const buttonClass =
  'inline-flex min-h-11 items-center rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70';

export function PromoCodeField(props: {
  promo: PromoCodeState;
  /** The order's price with the code (and credit), when the breakdown is shown here. */
  pricing: OrderPricing | undefined;
}) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  const { promo } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    promo.apply();
  };
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-6"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t('checkout.promo.heading')}
      </h2>
      {promo.applied ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-slate-800">
            {t('checkout.promo.applied', {
              code: promo.applied.code,
              amount: formatOrderPrice(promo.applied.discount, language),
            })}
          </p>
          <button type="button" className={buttonClass} onClick={promo.remove}>
            {t('checkout.promo.remove')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-2 flex flex-wrap items-end gap-3">
          <TextField
            id={`${id}-code`}
            label={t('checkout.promo.label')}
            value={promo.typed}
            onChange={(event) => promo.type(event.target.value)}
            error={promo.refusal}
            announceError
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            className="w-56"
          />
          <button type="submit" className={buttonClass} disabled={promo.pending}>
            {t('checkout.promo.apply')}
          </button>
        </form>
      )}
      {props.pricing ? <PricingLines pricing={props.pricing} /> : null}
    </section>
  );
}
