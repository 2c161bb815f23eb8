/**
 * An order as its e-mails name it. The buyer chose "1 GB · 7 days" on the shop's pages and paid
 * for "France eSIM · 1 GB · 7 days" on the gateway's, so the e-mails say the same (in the
 * reader's language: mail-format.ts), not the provider's "eSIM, 1GB, 7 Days, France, V2". A plan
 * the catalogue no longer sells keeps its stored description: the e-mail is still sent.
 */
import type { OrdersContext } from './context';
import type { MailOrder } from './order-mail';
import type { OrderRow } from './repository';

export async function mailOrderOf(ctx: OrdersContext, order: OrderRow): Promise<MailOrder> {
  const plan = await ctx.catalog.planForSale(order.planName);
  const allowance = plan
    ? { dataMb: plan.dataAmountMb, unlimited: plan.unlimited, durationDays: plan.durationDays }
    : null;
  return {
    gatewayOrderId: order.gatewayOrderId,
    plan: {
      destinationCode: order.destinationIso,
      destinationName: order.destinationName,
      allowance,
      description: order.planDescription,
    },
    amountCents: order.amountCents,
    currency: order.currency,
  };
}
