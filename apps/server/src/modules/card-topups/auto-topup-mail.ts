/**
 * The automatic top-up e-mails (issue 32) in the buyer's language: the receipt of each
 * automatic purchase with a one-tap stop link, and the notice that a declined card turned the
 * feature off. The stop link is a single-use capability (auto-topups.ts), so it works without
 * signing in and opens nobody's account.
 */
import type { Language } from '@tern/contract';
import { autoTopupMailTexts } from '../../integrations/mail/auto-topup-mail-texts';
import { type MailPlan, mailPlanTitle, mailPrice } from '../../integrations/mail/mail-format';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import type { MailMessage } from '../../integrations/mail/mailer';

export interface AutoTopupRecipient {
  brandName: string;
  to: string;
  name: string;
  language: Language;
}

export interface AutoTopupPurchase {
  iccid: string;
  plan: MailPlan;
  amountCents: number;
  currency: string;
  /** "VISA •••• 4242". */
  card: string;
}

export function autoTopupReceiptMail(
  recipient: AutoTopupRecipient,
  purchase: AutoTopupPurchase,
  cap: { used: number; max: number },
  stopUrl: string,
): MailMessage {
  const { language } = recipient;
  const texts = autoTopupMailTexts[language];
  const planTitle = mailPlanTitle(purchase.plan, language);
  const price = mailPrice(purchase.amountCents, purchase.currency, language);
  const content = {
    brandName: recipient.brandName,
    language,
    heading: texts.receiptHeading,
    paragraphs: [
      texts.receiptBody(recipient.name, planTitle, purchase.iccid),
      texts.receiptCharge(price, purchase.card),
      texts.receiptCap(cap.used, cap.max),
      texts.stopOffer,
      { label: texts.stopButton, href: stopUrl, text: texts.stopLink(stopUrl) },
    ],
  };
  return {
    to: recipient.to,
    subject: texts.receiptSubject(recipient.brandName, planTitle),
    text: mailText(content),
    html: mailHtml(content),
  };
}

export function autoTopupDeclinedMail(
  recipient: AutoTopupRecipient,
  purchase: AutoTopupPurchase,
  profileUrl: string,
): MailMessage {
  const { language } = recipient;
  const texts = autoTopupMailTexts[language];
  const planTitle = mailPlanTitle(purchase.plan, language);
  const content = {
    brandName: recipient.brandName,
    language,
    heading: texts.declinedHeading,
    paragraphs: [
      texts.declinedBody(recipient.name, planTitle, purchase.iccid, purchase.card),
      texts.declinedOffer,
      { label: texts.profileButton, href: profileUrl, text: texts.profileLink(profileUrl) },
    ],
  };
  return {
    to: recipient.to,
    subject: texts.declinedSubject(recipient.brandName),
    text: mailText(content),
    html: mailHtml(content),
  };
}
