/**
 * What an order costs once a promo code or store credit is taken off (issue 31): the plan's
 * price, each deduction, then the VAT and stamps of what the card pays and the card's total.
 * The figures come from the contract's pricing rule, the one the server charges by.
 */
import type { OrderPricing } from '@tern/contract/credit';
import { VAT_RATE } from '@tern/contract/pricing';
import { useLanguage, useT } from '../../../lib/i18n';
import { formatOrderPrice } from '../utils/order-summary';

export function PricingLines({ pricing }: { pricing: OrderPricing }) {
  const t = useT();
  const { language } = useLanguage();
  const money = (amount: number) => formatOrderPrice(amount, language);
  // One left-to-right run, so the minus stays before the amount in Arabic.
  const minus = (amount: number) => <bdi dir="ltr">−{money(amount)}</bdi>;
  return (
    <dl
      aria-live="polite"
      className="mt-4 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm text-slate-700"
    >
      <dt>{t('checkout.credit.price')}</dt>
      <dd className="text-end tabular-nums">{money(pricing.price)}</dd>
      {pricing.discount > 0 ? (
        <>
          <dt>{t('checkout.promo.discount')}</dt>
          <dd className="text-end tabular-nums">{minus(pricing.discount)}</dd>
        </>
      ) : null}
      {pricing.credit > 0 ? (
        <>
          <dt>{t('checkout.credit.credit')}</dt>
          <dd className="text-end tabular-nums">{minus(pricing.credit)}</dd>
        </>
      ) : null}
      <dt>{t('checkout.credit.vat', { rate: Math.round(VAT_RATE * 100) })}</dt>
      <dd className="text-end tabular-nums">{money(pricing.vat)}</dd>
      <dt>{t('checkout.credit.stamps')}</dt>
      <dd className="text-end tabular-nums">{money(pricing.stamps)}</dd>
      <dt className="font-bold text-slate-900">{t('checkout.credit.total')}</dt>
      <dd className="text-end font-bold tabular-nums text-slate-900">{money(pricing.total)}</dd>
    </dl>
  );
}
