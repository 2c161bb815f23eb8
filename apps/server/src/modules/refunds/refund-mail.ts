/**
 * The confirmation of a self-service refund, in the buyer's language (stored on their account):
 * which eSIM was cancelled, and for each purchase on it how the money went back.
 */
import type { Language } from '@tern/contract';
import type { RefundRequester } from '../../db/schema';
import { type MailPlan, mailPlanTitle, mailPrice } from '../../integrations/mail/mail-format';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import { mailTexts } from '../../integrations/mail/mail-texts';
import type { MailMessage } from '../../integrations/mail/mailer';

export interface RefundedPurchase {
  gatewayOrderId: string;
  /** The plan, named in the reader's language. */
  plan: MailPlan;
  amountCents: number;
  /** Store credit spent on the purchase besides the card: given back as credit (issue 31). */
  creditCents?: number;
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
  requestedBy: RefundRequester = 'buyer',
): MailMessage {
  const { language } = recipient;
  const texts = mailTexts[language];
  const money = (purchase: RefundedPurchase) => {
    const paid = mailPrice(purchase.amountCents, purchase.currency, language);
    const card =
      purchase.how === 'refunded' ? texts.moneyRefunded(paid) : texts.moneyReleased(paid);
    if (!purchase.creditCents) return card;
    return `${card} ${texts.creditReturned(mailPrice(purchase.creditCents, purchase.currency, language))}`;
  };
  if (requestedBy === 'operator') return operatorRefundMail(recipient, purchases, money);
  const lines = purchases.map((purchase) => {
    const title = mailPlanTitle(purchase.plan, language);
    return `${texts.selfRefundOrder(purchase.gatewayOrderId, title)} ${money(purchase)}`;
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

/**
 * An operator's refund of one order, as the order's own refund mail words it ("as agreed with
 * our support team"): the buyer did not ask for it here, and the eSIM may keep other bundles.
 */
function operatorRefundMail(
  recipient: RefundRecipient,
  purchases: readonly RefundedPurchase[],
  money: (purchase: RefundedPurchase) => string,
): MailMessage {
  const texts = mailTexts[recipient.language];
  const orderLines = purchases.map((purchase) => {
    const title = mailPlanTitle(purchase.plan, recipient.language);
    return `${texts.refundedBody(recipient.name, purchase.gatewayOrderId, title)} ${money(purchase)}`;
  });
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: texts.refundedHeading,
    paragraphs: [...orderLines, texts.supportWelcome],
  };
  return {
    to: recipient.to,
    subject: texts.refundedSubject(recipient.brandName, purchases[0]?.gatewayOrderId ?? ''),
    text: mailText(content),
    html: mailHtml(content),
  };
}
