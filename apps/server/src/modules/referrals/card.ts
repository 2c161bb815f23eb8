/**
 * The card an order was paid with, as something to compare and nothing to pay with: a hash of
 * what the gateway's Retrieve Order shows of it on the approved AUTHORIZATION or PAYMENT,
 * `sourceOfFunds.provided.card` (brand or scheme, the masked number, and the expiry when given:
 * MPGS masks the number, e.g. "512345xxxxxx0008"; the stand-in shows the last four only). The
 * shop never sees or keeps a card number (ARCHITECTURE "Security").
 */
import { createHash } from 'node:crypto';
import type { GatewayOrder } from '../../integrations/gateway/schemas';

const PAID_BY = new Set(['AUTHORIZATION', 'PAYMENT']);

interface CardSeen {
  brand?: string;
  scheme?: string;
  number?: string;
  expiry?: { month?: string | number; year?: string | number };
}

export function cardHashOf(order: GatewayOrder): string | undefined {
  const paying = order.transaction.find(
    (entry) => entry.result === 'SUCCESS' && PAID_BY.has(entry.transaction.type),
  );
  const card = paying?.sourceOfFunds?.provided?.card as CardSeen | undefined;
  if (!card?.number) return undefined;
  const expiry = card.expiry ? `${card.expiry.month ?? ''}/${card.expiry.year ?? ''}` : '';
  const seen = [card.brand ?? card.scheme ?? '', card.number.toLowerCase(), expiry].join('|');
  return createHash('sha256').update(seen).digest('hex');
}
