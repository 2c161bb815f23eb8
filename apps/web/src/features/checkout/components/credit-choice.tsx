/**
 * "Use my credit" on the plan confirmation (issue 31): shown only when the buyer has store
 * credit, with what the order then costs: the plan's price, the credit taken off, and the VAT
 * and stamps of what the card pays, which is the total to pay by card. The figures come from
 * the contract's own pricing rule, the one the server charges by; the server decides again.
 */
import {
  MIN_CARD_TOTAL_CENTS,
  orderPricingInDollars,
  priceOrderInCents,
} from '@tern/contract/credit';
import { useEffect, useId } from 'react';
import { useCredit } from '../../../lib/credit-api';
import { useLanguage, useT } from '../../../lib/i18n';
import { formatOrderPrice } from '../utils/order-summary';
import { PricingLines } from './pricing-lines';

export interface CreditChoiceProps {
  email: string;
  /** The plan's price, VAT and stamps included. */
  price: number;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A promo code's discount, taken off before the credit (issue 31). */
  discountCents?: number;
}

export function CreditChoice({
  email,
  price,
  checked,
  onCheckedChange,
  discountCents = 0,
}: CreditChoiceProps) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const credit = useCredit(email);
  const balance = credit.data?.balance ?? 0;
  const priceCents = Math.round(price * 100);
  const spent = credit.isSuccess && balance <= 0;
  // Credit spent meanwhile (another purchase, a refusal's fresh balance): the box goes, and the
  // order no longer asks for credit, else the server would refuse it again.
  useEffect(() => {
    if (checked && spent) onCheckedChange(false);
  }, [checked, spent, onCheckedChange]);
  if (balance <= 0 || !(priceCents >= MIN_CARD_TOTAL_CENTS)) return null;

  const money = (amount: number) => formatOrderPrice(amount, language);
  const pricing = orderPricingInDollars(
    priceOrderInCents({
      priceCents,
      discountCents,
      creditAvailableCents: checked ? Math.round(balance * 100) : 0,
    }),
  );
  const capped = checked && pricing.credit < balance;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-4 sm:px-6"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('checkout.credit.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('checkout.credit.balance', { amount: money(balance) })}
      </p>
      <label className="mt-3 flex items-center gap-3 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="size-5 accent-brand-700"
        />
        {t('checkout.credit.use')}
      </label>
      {checked ? <PricingLines pricing={pricing} /> : null}
      {capped ? (
        <p className="mt-2 text-xs text-slate-600">
          {t('checkout.credit.minimum', { amount: money(MIN_CARD_TOTAL_CENTS / 100) })}
        </p>
      ) : null}
    </section>
  );
}
