/**
 * A usage alert e-mail in the buyer's language (stored on their account), with a one-tap link
 * to the top-up plans of that eSIM. The link names no session: a reader who is signed out is
 * asked to sign in on the way, so a forwarded e-mail opens nobody's account.
 */
import { assertNever, type Language } from '@tern/contract';
import type { UsageAlertKind } from '../../db/schema';
import { type AlertMailTexts, alertMailTexts } from '../../integrations/mail/alert-mail-texts';
import { escapeHtml, mailHtml, mailText, withCardBlock } from '../../integrations/mail/mail-layout';
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
  /** The plan in the shop's words ('France eSIM · 1 GB · 7 days'). */
  planTitle: string;
  /** Absolute: the shop's public URL and the top-up route (or the profile). */
  topupUrl: string;
}

export function usageAlertMail(recipient: AlertRecipient, alert: AlertSubject): MailMessage {
  const texts = alertMailTexts[recipient.language];
  const words = wordsOf(texts, alert.kind);
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: words.heading,
    paragraphs: [
      words.body(recipient.name, alert.planTitle, alert.iccid),
      texts.topupOffer,
      texts.topupLink(alert.topupUrl),
    ],
  };
  const button = [
    '<p style="margin:0 0 16px;text-align:center">',
    `<a href="${escapeHtml(alert.topupUrl)}" style="display:inline-block;padding:12px 24px;background:#0b6e79;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(texts.topupButton)}</a>`,
    '</p>',
  ].join('');
  return {
    to: recipient.to,
    subject: words.subject(recipient.brandName, alert.planTitle),
    text: mailText(content),
    html: withCardBlock(mailHtml(content), button),
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
