/**
 * A usage alert e-mail in the buyer's language (stored on their account), with a one-tap link
 * to the top-up plans of that eSIM. The link names no session: a reader who is signed out is
 * asked to sign in on the way, so a forwarded e-mail opens nobody's account.
 */
import { assertNever, type Language } from '@tern/contract';
import type { UsageAlertKind } from '../../db/schema';
import { type AlertMailTexts, alertMailTexts } from '../../integrations/mail/alert-mail-texts';
import { type MailPlan, mailPlanTitle } from '../../integrations/mail/mail-format';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import type { MailMessage } from '../../integrations/mail/mailer';

export interface AlertRecipient {
  brandName: string;
  to: string;
  name: string;
  language: Language;
}

export interface AlertSubject {
  kind: UsageAlertKind;
  iccid: string;
  /** The plan, named in the reader's language ('eSIM France · 1 Go · 7 jours'). */
  plan: MailPlan;
  /** Absolute: the shop's public URL and the top-up route (or the profile). */
  topupUrl: string;
}

export function usageAlertMail(recipient: AlertRecipient, alert: AlertSubject): MailMessage {
  const texts = alertMailTexts[recipient.language];
  const words = wordsOf(texts, alert.kind);
  const planTitle = mailPlanTitle(alert.plan, recipient.language);
  const topup = {
    label: texts.topupButton,
    href: alert.topupUrl,
    text: texts.topupLink(alert.topupUrl),
  };
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: words.heading,
    paragraphs: [words.body(recipient.name, planTitle, alert.iccid), texts.topupOffer, topup],
  };
  return {
    to: recipient.to,
    subject: words.subject(recipient.brandName, planTitle),
    text: mailText(content),
    html: mailHtml(content),
  };
}

function wordsOf(texts: AlertMailTexts, kind: UsageAlertKind) {
  switch (kind) {
    case 'used_80':
      return { subject: texts.used80Subject, heading: texts.used80Heading, body: texts.used80Body };
    case 'used_up':
      return { subject: texts.usedUpSubject, heading: texts.usedUpHeading, body: texts.usedUpBody };
    case 'expiring':
      return {
        subject: texts.expiringSubject,
        heading: texts.expiringHeading,
        body: texts.expiringBody,
      };
    default:
      return assertNever(kind, 'usage alert kind');
  }
}
