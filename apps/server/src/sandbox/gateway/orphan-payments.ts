/**
 * A payment on an order id no merchant integration issued, as a test control makes one: the
 * order exists from its approved authorisation (or payment), without a checkout session, as an
 * order paid through another channel of the same merchant would.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { OrphanPaymentRequest } from './controls';
import { invalidRequest } from './gateway-errors';
import { isKnownCurrency, toMinorUnits } from './money';
import { ensureOrder, insertTransaction } from './repository';

export async function takeOrphanPayment(
  db: Db,
  merchantId: string,
  request: OrphanPaymentRequest,
  now: Date,
): Promise<{ orderId: string }> {
  const { currency, operation } = request;
  const minor = isKnownCurrency(currency) ? toMinorUnits(request.amount, currency) : undefined;
  if (minor === undefined) throw invalidRequest(`amount must be a positive amount in ${currency}`);
  // Nothing like the shop's own references: the shop must find it by the gateway's report alone.
  const orderId = `orphan-${randomBytes(6).toString('hex')}`;
  const purchase = operation === 'PURCHASE';
  await db.transaction(async (tx) => {
    await ensureOrder(tx, {
      merchantId,
      orderId,
      amountMinor: minor,
      currency,
      description: 'Payment taken outside the shop',
      status: purchase ? 'CAPTURED' : 'AUTHORIZED',
      totalAuthorizedMinor: minor,
      totalCapturedMinor: purchase ? minor : 0,
      createdAt: now,
      updatedAt: now,
    });
    await insertTransaction(tx, {
      merchantId,
      orderId,
      transactionId: randomBytes(8).toString('hex'),
      type: purchase ? 'PAYMENT' : 'AUTHORIZATION',
      result: 'SUCCESS',
      gatewayCode: 'APPROVED',
      amountMinor: minor,
      currency,
      cardBrand: 'MASTERCARD',
      cardLast4: '0008',
      createdAt: now,
    });
  });
  return { orderId };
}
