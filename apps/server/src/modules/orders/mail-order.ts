/**
 * An order as its e-mails name it. The buyer chose "1 GB · 7 days" on the shop's pages and paid
 * for "France eSIM · 1 GB · 7 days" on the gateway's, so the e-mails say the same, not the
 * provider's "eSIM, 1GB, 7 Days, France, V2". A plan the catalogue no longer sells keeps its
 * stored description: the e-mail is still sent.
 */
import { orderDescription } from '@tern/contract';
import type { OrdersContext } from './context';
import type { MailOrder } from './order-mail';
import type { OrderRow } from './repository';

export async function mailOrderOf(ctx: OrdersContext, order: OrderRow): Promise<MailOrder> {
  const plan = await ctx.catalog.planForSale(order.planName);
  const planTitle = plan
    ? orderDescription(order.destinationName, {
        dataMb: plan.dataAmountMb,
        unlimited: plan.unlimited,
        durationDays: plan.durationDays,
      })
    : order.planDescription;
  return {
    gatewayOrderId: order.gatewayOrderId,
    planTitle,
    amountCents: order.amountCents,
    currency: order.currency,
  };
}
