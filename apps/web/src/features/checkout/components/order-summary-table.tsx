// The order summary as a table (spec "Plan confirmation"): one plan, quantity 1, then
// subtotal, VAT, stamps and the total in USD.
import type { Plan } from '@tern/contract';
import { orderSummary } from '../utils/order-summary';

export function OrderSummaryTable({ plan }: { plan: Plan }) {
  const summary = orderSummary(plan);
  if (!summary) return null;
  const { line } = summary;
  return (
    <table className="w-full border-collapse text-left text-sm sm:text-base">
      <caption className="px-4 pt-4 text-left text-lg font-semibold text-slate-900 sm:px-6">
        Your order
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="px-4 py-3 font-medium sm:px-6">
            Description
          </th>
          <th scope="col" className="px-2 py-3 text-right font-medium">
            Price
          </th>
          <th scope="col" className="px-2 py-3 text-right font-medium">
            Quantity
          </th>
          <th scope="col" className="px-4 py-3 text-right font-medium sm:px-6">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-b border-slate-200">
          <th scope="row" className="px-4 py-4 font-medium text-slate-900 sm:px-6">
            {line.description}
          </th>
          <td className="whitespace-nowrap px-2 py-4 text-right tabular-nums">{line.price}</td>
          <td className="px-2 py-4 text-right tabular-nums">{line.quantity}</td>
          <td className="whitespace-nowrap px-4 py-4 text-right tabular-nums sm:px-6">
            {line.amount}
          </td>
        </tr>
      </tbody>
      <tfoot>
        {summary.charges.map((charge) => (
          <tr key={charge.label} className="text-slate-700">
            <th scope="row" colSpan={3} className="px-4 pt-3 text-right font-normal sm:px-6">
              {charge.label}
            </th>
            <td className="whitespace-nowrap px-4 pt-3 text-right tabular-nums sm:px-6">
              {charge.amount}
            </td>
          </tr>
        ))}
        <tr className="text-base font-bold text-slate-900 sm:text-lg">
          <th scope="row" colSpan={3} className="px-4 pb-5 pt-4 text-right sm:px-6">
            {summary.total.label}
          </th>
          <td className="whitespace-nowrap px-4 pb-5 pt-4 text-right tabular-nums sm:px-6">
            {summary.total.amount}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
