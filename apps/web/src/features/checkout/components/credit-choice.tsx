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
import { VAT_RATE } from '@tern/contract/pricing';
import { useEffect, useId } from 'react';
import { useCredit } from '../../../lib/credit-api';
import { useLanguage, useT } from '../../../lib/i18n';
import { formatOrderPrice } from '../utils/order-summary';

export interface CreditChoiceProps {
  email: string;
  /** The plan's price, VAT and stamps included. */
  price: number;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function CreditChoice({ email, price, checked, onCheckedChange }: CreditChoiceProps) {
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
      {checked ? (
        <dl
          aria-live="polite"
          className="mt-4 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm text-slate-700"
        >
          <dt>{t('checkout.credit.price')}</dt>
          <dd className="text-end tabular-nums">{money(pricing.price)}</dd>
          <dt>{t('checkout.credit.credit')}</dt>
          <dd className="text-end tabular-nums">
            {/* One left-to-right run, so the minus stays before the amount in Arabic. */}
            <bdi dir="ltr">−{money(pricing.credit)}</bdi>
          </dd>
          <dt>{t('checkout.credit.vat', { rate: Math.round(VAT_RATE * 100) })}</dt>
          <dd className="text-end tabular-nums">{money(pricing.vat)}</dd>
          <dt>{t('checkout.credit.stamps')}</dt>
          <dd className="text-end tabular-nums">{money(pricing.stamps)}</dd>
          <dt className="font-bold text-slate-900">{t('checkout.credit.total')}</dt>
          <dd className="text-end font-bold tabular-nums text-slate-900">{money(pricing.total)}</dd>
        </dl>
      ) : null}
      {capped ? (
        <p className="mt-2 text-xs text-slate-600">
          {t('checkout.credit.minimum', { amount: money(MIN_CARD_TOTAL_CENTS / 100) })}
        </p>
      ) : null}
    </section>
  );
}
