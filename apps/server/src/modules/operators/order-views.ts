/** Orders as the console shows them: the operator API's own shapes (contract ops.ts). */
import type { OpsOrder, OpsOrderDetail } from '@tern/contract';
import type { OrderDetails, OrderListRow } from '../orders/operator';

export function toOpsOrder(row: OrderListRow): OpsOrder {
  return {
    ref: row.gatewayOrderId,
    state: row.status,
    email: row.clientEmail,
    iccid: row.iccid,
    amount: row.amountCents / 100,
    currency: row.currency,
    plan: row.planName,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOpsOrderDetail(
  details: OrderDetails,
  email: string,
  refundable: boolean,
  parked: boolean,
): OpsOrderDetail {
  const { order } = details;
  return {
    ...toOpsOrder({ ...order, clientEmail: email }),
    events: details.events.map((event) => ({
      at: event.at.toISOString(),
      event: event.event,
      detail: event.detail,
    })),
    busy: details.busy,
    refundable,
    parked,
    discount: order.discountCents / 100,
    credit: order.creditCents / 100,
  };
}
