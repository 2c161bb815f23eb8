/**
 * The confirmation of a self-service refund, in the buyer's language (stored on their account):
 * which eSIM was cancelled, and for each purchase on it how the money went back.
 */
import type { Language } from '@tern/contract';
import { type MailPlan, mailPlanTitle, mailPrice } from '../../integrations/mail/mail-format';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import { mailTexts } from '../../integrations/mail/mail-texts';
import type { MailMessage } from '../../integrations/mail/mailer';

export interface RefundedPurchase {
  gatewayOrderId: string;
  /** The plan, named in the reader's language. */
  plan: MailPlan;
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
  const { language } = recipient;
  const texts = mailTexts[language];
  const lines = purchases.map((purchase) => {
    const paid = mailPrice(purchase.amountCents, purchase.currency, language);
    const money =
      purchase.how === 'refunded' ? texts.moneyRefunded(paid) : texts.moneyReleased(paid);
    const title = mailPlanTitle(purchase.plan, language);
    return `${texts.selfRefundOrder(purchase.gatewayOrderId, title)} ${money}`;
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
