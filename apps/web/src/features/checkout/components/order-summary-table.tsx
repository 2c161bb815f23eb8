// The order summary as a table (spec "Plan confirmation"): one plan, quantity 1, then
// subtotal, VAT, stamps and the total in USD. Tight cells and smaller type keep all four
// columns inside a 320 px phone, with nothing cut off or scrolling sideways; below 360 px a
// three-digit unit price may break after its "$".
import type { Plan } from '@tern/contract';
import { orderSummary } from '../utils/order-summary';

// Outer columns keep the card's inset; inner ones only a small gap.
const unitPrice = 'whitespace-nowrap max-[359px]:whitespace-normal';
const first = 'pl-3 pr-1 sm:pl-6 sm:pr-2';
const middle = 'px-1 sm:px-2';
const last = 'pl-1 pr-3 sm:pl-2 sm:pr-6';

export function OrderSummaryTable({ plan }: { plan: Plan }) {
  const summary = orderSummary(plan);
  if (!summary) return null;
  const { line } = summary;
  return (
    <table className="w-full border-collapse text-left text-[13px] sm:text-base">
      <caption className="px-3 pt-4 text-left text-lg font-semibold text-slate-900 sm:px-6">
        Your order
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-600 sm:text-base">
          <th scope="col" className={`${first} py-3 font-medium`}>
            Description
          </th>
          <th scope="col" className={`${middle} py-3 text-right font-medium`}>
            Price
          </th>
          <th scope="col" className={`${middle} py-3 text-right font-medium`}>
            Quantity
          </th>
          <th scope="col" className={`${last} py-3 text-right font-medium`}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-b border-slate-200">
          <th scope="row" className={`${first} break-words py-4 font-medium text-slate-900`}>
            {line.description}
          </th>
          <td className={`${middle} ${unitPrice} py-4 text-right tabular-nums`}>{line.price}</td>
          <td className={`${middle} py-4 text-right tabular-nums`}>{line.quantity}</td>
          <td className={`${last} whitespace-nowrap py-4 text-right tabular-nums`}>
            {line.amount}
          </td>
        </tr>
      </tbody>
      <tfoot>
        {summary.charges.map((charge) => (
          <tr key={charge.label} className="text-slate-700">
            <th scope="row" colSpan={3} className={`${first} pt-3 text-right font-normal`}>
              {charge.label}
            </th>
            <td className={`${last} whitespace-nowrap pt-3 text-right tabular-nums`}>
              {charge.amount}
            </td>
          </tr>
        ))}
        <tr className="text-sm font-bold text-slate-900 sm:text-lg">
          <th scope="row" colSpan={3} className={`${first} pb-5 pt-4 text-right`}>
            {summary.total.label}
          </th>
          <td className={`${last} whitespace-nowrap pb-5 pt-4 text-right tabular-nums`}>
            {summary.total.amount}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
