/**
 * A booked purchase as the e-mails name it (usage alerts, the refund confirmation): its
 * destination and allowance, worded in the reader's language by mail-format.ts, or its stored
 * description once the catalogue no longer lists it.
 */
import type { MailPlan } from '../../integrations/mail/mail-format';
import type { EsimPurchase } from './service';

export function purchaseMailPlan(purchase: EsimPurchase): MailPlan {
  return {
    destinationCode: purchase.iso,
    destinationName: purchase.country,
    allowance: purchase.allowance,
    description: purchase.title,
  };
}
