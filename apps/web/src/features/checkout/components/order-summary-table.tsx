// The order summary as a table (spec "Plan confirmation"): one plan, quantity 1, then
// subtotal, VAT, stamps and the total in USD. Tight cells and smaller type keep all four
// columns inside a 320 px phone, with nothing cut off or scrolling sideways; below 360 px a
// three-digit unit price may break after its "$". Columns run from the reading side (logical
// padding and alignment), so Arabic reads right to left with its amounts at the end.
import type { Plan } from '@tern/contract/catalog';
import { formatNumber, useLanguage, useT } from '../../../lib/i18n';
import { orderSummary } from '../utils/order-summary';

// Outer columns keep the card's inset; inner ones only a small gap.
const unitPrice = 'whitespace-nowrap max-[359px]:whitespace-normal';
const first = 'ps-3 pe-1 sm:ps-6 sm:pe-2';
const middle = 'px-1 sm:px-2';
const last = 'ps-1 pe-3 sm:ps-2 sm:pe-6';

export function OrderSummaryTable({ plan }: { plan: Plan }) {
  const t = useT();
  const { language } = useLanguage();
  const summary = orderSummary(plan, { t, language });
  if (!summary) return null;
  const { line } = summary;
  return (
    <table className="w-full border-collapse text-start text-[13px] sm:text-base">
      <caption className="px-3 pt-4 text-start text-lg font-semibold text-slate-900 sm:px-6">
        {t('checkout.summary.caption')}
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-600 sm:text-base">
          <th scope="col" className={`${first} py-3 text-start font-medium`}>
            {t('checkout.summary.description')}
          </th>
          <th scope="col" className={`${middle} py-3 text-end font-medium`}>
            {t('checkout.summary.price')}
          </th>
          <th scope="col" className={`${middle} py-3 text-end font-medium`}>
            {t('checkout.summary.quantity')}
          </th>
          <th scope="col" className={`${last} py-3 text-end font-medium`}>
            {t('checkout.summary.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-b border-slate-200">
          <th
            scope="row"
            className={`${first} break-words py-4 text-start font-medium text-slate-900`}
          >
            {line.description}
          </th>
          <td className={`${middle} ${unitPrice} py-4 text-end tabular-nums`}>{line.price}</td>
          <td className={`${middle} py-4 text-end tabular-nums`}>
            {formatNumber(line.quantity, language)}
          </td>
          <td className={`${last} whitespace-nowrap py-4 text-end tabular-nums`}>{line.amount}</td>
        </tr>
      </tbody>
      <tfoot>
        {summary.charges.map((charge) => (
          <tr key={charge.label} className="text-slate-700">
            <th scope="row" colSpan={3} className={`${first} pt-3 text-end font-normal`}>
              {charge.label}
              {charge.note ? (
                <span className="block text-xs text-slate-600 sm:text-sm">{charge.note}</span>
              ) : null}
            </th>
            <td className={`${last} whitespace-nowrap pt-3 text-end tabular-nums`}>
              {charge.amount}
            </td>
          </tr>
        ))}
        <tr className="text-sm font-bold text-slate-900 sm:text-lg">
          <th scope="row" colSpan={3} className={`${first} pb-5 pt-4 text-end`}>
            {summary.total.label}
          </th>
          <td className={`${last} whitespace-nowrap pb-5 pt-4 text-end tabular-nums`}>
            {summary.total.amount}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
