/**
 * The confirmation of a self-service refund, in the buyer's language (stored on their account):
 * which eSIM was cancelled, and for each purchase on it how the money went back.
 */
import { formatAmount, type Language } from '@tern/contract';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import { mailTexts } from '../../integrations/mail/mail-texts';
import type { MailMessage } from '../../integrations/mail/mailer';

export interface RefundedPurchase {
  gatewayOrderId: string;
  /** The plan in the shop's words. */
  planTitle: string;
  amountCents: number;
  currency: string;
  how: 'voided' | 'refunded';
}

export interface RefundRecipient {
  brandName: string;
  to: string;
  name: string;
  language: Language;
}

export function esimRefundedMail(
  recipient: RefundRecipient,
  iccid: string,
  purchases: readonly RefundedPurchase[],
): MailMessage {
  const texts = mailTexts[recipient.language];
  const lines = purchases.map((purchase) => {
    const paid = `${formatAmount(purchase.amountCents / 100)} ${purchase.currency}`;
    const money =
      purchase.how === 'refunded' ? texts.moneyRefunded(paid) : texts.moneyReleased(paid);
    return `${texts.selfRefundOrder(purchase.gatewayOrderId, purchase.planTitle)} ${money}`;
  });
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: texts.selfRefundHeading,
    paragraphs: [
      texts.selfRefundBody(recipient.name, iccid),
      ...lines,
      texts.selfRefundGone,
      texts.supportWelcome,
    ],
  };
  return {
    to: recipient.to,
    subject: texts.selfRefundSubject(recipient.brandName, iccid),
    text: mailText(content),
    html: mailHtml(content),
  };
}
