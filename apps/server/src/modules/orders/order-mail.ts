/**
 * The e-mails of an order, in the shop's brand and the buyer's language (stored on their
 * account): the eSIM with its QR code and install details, a top-up's confirmation, and the
 * notice that a payment was given back.
 */
import { randomUUID } from 'node:crypto';
import { formatAmount, type Language, QR_DEFAULT_SIZE } from '@tern/contract';
import { escapeHtml, mailHtml, mailText } from '../../integrations/mail/mail-layout';
import { mailTexts } from '../../integrations/mail/mail-texts';
import type { InlineImage, MailMessage } from '../../integrations/mail/mailer';
import { installInstructions, qrCodePng } from '../esims/esim-install';

export interface MailOrder {
  gatewayOrderId: string;
  /** The plan in the shop's words ('France eSIM · 1 GB · 7 days'): see `mailOrderOf`. */
  planTitle: string;
  amountCents: number;
  currency: string;
}

interface Recipient {
  brandName: string;
  to: string;
  name: string;
  language: Language;
}

export async function esimReadyMail(
  recipient: Recipient,
  order: MailOrder,
  esim: { iccid: string; smdpAddress: string; matchingId: string },
): Promise<MailMessage> {
  const { lpa, links } = installInstructions(esim);
  const texts = mailTexts[recipient.language];
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: texts.esimHeading,
    paragraphs: [
      thanks(recipient, order),
      texts.esimInstall,
      texts.esimIphoneLink(links.ios),
      texts.esimAndroidLink(links.android),
      texts.esimByHand(esim.smdpAddress, esim.matchingId),
      texts.esimActivationString(lpa),
      texts.esimIccid(esim.iccid),
      texts.esimAfterInstall,
    ],
  };
  const qrCode: InlineImage = {
    cid: `esim-qr.${randomUUID()}@tern`,
    filename: `${esim.iccid}.png`,
    contentType: 'image/png',
    content: await qrCodePng(lpa),
  };
  const qrBlock = [
    '<p style="margin:0 0 16px;text-align:center">',
    `<img src="cid:${qrCode.cid}" width="${QR_DEFAULT_SIZE}" height="${QR_DEFAULT_SIZE}" alt="${escapeHtml(texts.esimQrAlt(lpa))}">`,
    '</p>',
    `<p style="margin:0 0 16px;text-align:center"><a href="${escapeHtml(links.ios)}">${escapeHtml(texts.installOnIphone)}</a> &middot; <a href="${escapeHtml(links.android)}">${escapeHtml(texts.installOnAndroid)}</a></p>`,
  ].join('');
  return {
    to: recipient.to,
    subject: texts.esimSubject(recipient.brandName, order.gatewayOrderId),
    text: mailText(content),
    html: withBlock(mailHtml(content), qrBlock),
    inlineImages: [qrCode],
    devLogLine: `eSIM ${esim.iccid} for ${recipient.to} (${order.gatewayOrderId}): ${lpa}`,
  };
}

export function topupReadyMail(recipient: Recipient, order: MailOrder, iccid: string): MailMessage {
  const texts = mailTexts[recipient.language];
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: texts.topupHeading,
    paragraphs: [thanks(recipient, order), texts.topupAdded(iccid)],
  };
  return {
    to: recipient.to,
    subject: texts.topupSubject(recipient.brandName, order.gatewayOrderId),
    text: mailText(content),
    html: mailHtml(content),
  };
}

/** How the money went back: a released hold, or a refund of money taken. */
export type MoneyReturn = 'voided' | 'refunded' | 'nothing-taken';

/** Why the money went back: we could not deliver, or an operator decided so. */
export type ReturnReason = 'undeliverable' | 'operator';

export function paymentReturnedMail(
  recipient: Recipient,
  order: MailOrder,
  how: MoneyReturn,
  reason: ReturnReason,
): MailMessage {
  const texts = mailTexts[recipient.language];
  const money =
    how === 'refunded' ? texts.moneyRefunded(paid(order)) : texts.moneyReleased(paid(order));
  const undeliverable = reason === 'undeliverable';
  const body = undeliverable ? texts.undeliverableBody : texts.refundedBody;
  const subject = undeliverable ? texts.undeliverableSubject : texts.refundedSubject;
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: undeliverable ? texts.undeliverableHeading : texts.refundedHeading,
    paragraphs: [
      body(recipient.name, order.gatewayOrderId, order.planTitle),
      money,
      texts.supportWelcome,
    ],
  };
  return {
    to: recipient.to,
    subject: subject(recipient.brandName, order.gatewayOrderId),
    text: mailText(content),
    html: mailHtml(content),
  };
}

function thanks(recipient: Recipient, order: MailOrder): string {
  const texts = mailTexts[recipient.language];
  return texts.thanks(recipient.name, order.gatewayOrderId, order.planTitle, paid(order));
}

function paid(order: MailOrder): string {
  return `${formatAmount(order.amountCents / 100)} ${order.currency}`;
}

/** Puts a block of HTML at the end of the branded frame's card. */
function withBlock(html: string, block: string): string {
  const end = '</div></body></html>';
  return html.endsWith(end) ? `${html.slice(0, -end.length)}${block}\n${end}` : `${html}${block}`;
}
