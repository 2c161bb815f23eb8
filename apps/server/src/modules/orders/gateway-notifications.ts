/**
 * The gateway's webhook notifications: "When the gateway creates or updates a transaction for
 * an order, it sends a notification to your specified URL", with the merchant's secret in
 * X-Notification-Secret (https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/webhook-noti/).
 * A notification is a reason to look, never proof: the order is checked with the gateway's own
 * Retrieve Order, as every other confirmation is. It matters for the payer who pays and never
 * comes back, even after the reconciler cancelled the order as unpaid: that order is paid and
 * fulfilled (its eSIM is mailed) instead of money held with nothing delivered.
 */
import { eq } from 'drizzle-orm';
import { gatewayNotifications } from '../../db/schema';
import { unauthorized } from '../../errors';
import { sameSecret } from '../../lib/same-secret';
import type { OrdersDependencies } from './dependencies';
import { checkPayment } from './payment-check';
import { findOrderByReference } from './repository';
import { confirmationStep } from './status';

/** Throws 401 unless the notification carries the configured secret. */
export function verifyNotificationSecret(expected: string, given: string | undefined): void {
  if (given === undefined || !sameSecret(given, expected)) {
    throw unauthorized('orderMessages.invalidNotificationSecret');
  }
}

/**
 * Acts on a notification about `gatewayOrderId`: an order still waiting for (or given up on
 * for want of) its payment is checked with the gateway, and fulfilled when paid. A repeat of a
 * notification already taken (same id) does nothing; the id is recorded only once acted on,
 * so a notification whose check failed is acted on when the gateway sends it again.
 */
export async function takeGatewayNotification(
  deps: OrdersDependencies,
  notification: { gatewayOrderId: string; id: string | undefined },
): Promise<void> {
  const { gatewayOrderId, id } = notification;
  if (id && (await alreadyTaken(deps, id))) return;
  const order = await findOrderByReference(deps.db, gatewayOrderId);
  // Paid: its fulfilment job is queued with the payment, for the worker (nobody is waiting).
  if (order && confirmationStep(order.status) === 'ask-gateway') await checkPayment(deps, order);
  if (id) {
    await deps.db
      .insert(gatewayNotifications)
      .values({ id, gatewayOrderId, receivedAt: deps.clock() })
      .onConflictDoNothing();
  }
}

async function alreadyTaken(deps: OrdersDependencies, id: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: gatewayNotifications.id })
    .from(gatewayNotifications)
    .where(eq(gatewayNotifications.id, id));
  return row !== undefined;
}
