/**
 * The e-mails of an order, in the shop's brand and the buyer's language (stored on their
 * account): the eSIM with its QR code and install details, a top-up's confirmation, and the
 * notice that a payment was given back.
 */
import { randomUUID } from 'node:crypto';
import { type Language, QR_DEFAULT_SIZE } from '@tern/contract';
import { type MailPlan, mailPlanTitle, mailPrice } from '../../integrations/mail/mail-format';
import { mailHtml, mailText, withCardBlock } from '../../integrations/mail/mail-layout';
import { mailTexts } from '../../integrations/mail/mail-texts';
import type { InlineImage, MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';
import { installInstructions, qrCodePng } from '../esims/esim-install';
import type { OrdersDependencies } from './dependencies';
import type { MoneyReturn } from './money-back';
import type { OrderRow } from './repository';

/**
 * An order as its e-mails name it. The buyer chose "1 GB · 7 days" on the shop's pages and paid
 * for "France eSIM · 1 GB · 7 days" on the gateway's, so the e-mails say the same (in the
 * reader's language: mail-format.ts), not the provider's "eSIM, 1GB, 7 Days, France, V2". A plan
 * the catalogue no longer sells keeps its stored description: the e-mail is still sent.
 */
export interface MailOrder {
  gatewayOrderId: string;
  /** The plan, named in the reader's language ('eSIM France · 1 Go · 7 jours'): see `mailOrderOf`. */
  plan: MailPlan;
  amountCents: number;
  /** Store credit spent on the order besides the card (issue 31). */
  creditCents?: number;
  currency: string;
}

export interface Recipient {
  brandName: string;
  to: string;
  name: string;
  language: Language;
}

/** A gift's own subject, heading and opening lines instead of the buyer's thanks (gift-mail.ts). */
export interface EsimMailWords {
  subject: string;
  heading: string;
  opening: readonly string[];
}

export async function esimReadyMail(
  recipient: Recipient,
  order: MailOrder,
  esim: { iccid: string; smdpAddress: string; matchingId: string },
  words?: EsimMailWords,
): Promise<MailMessage> {
  const { lpa, links } = installInstructions(esim);
  const texts = mailTexts[recipient.language];
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: words?.heading ?? texts.esimHeading,
    paragraphs: [
      ...(words?.opening ?? [thanks(recipient, order)]),
      texts.esimInstall,
      { label: texts.installOnIphone, href: links.ios, text: texts.esimIphoneLink(links.ios) },
      {
        label: texts.installOnAndroid,
        href: links.android,
        text: texts.esimAndroidLink(links.android),
      },
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
    `<img src="cid:${qrCode.cid}" width="${QR_DEFAULT_SIZE}" height="${QR_DEFAULT_SIZE}" style="max-width:100%;height:auto" alt="${escapeHtml(texts.esimQrAlt(lpa))}">`,
    '</p>',
  ].join('');
  return {
    to: recipient.to,
    subject: words?.subject ?? texts.esimSubject(recipient.brandName, order.gatewayOrderId),
    text: mailText(content),
    html: withCardBlock(mailHtml(content), qrBlock),
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

/** Why the money went back: we could not deliver, or an operator decided so. */
export type ReturnReason = 'undeliverable' | 'operator';

export function paymentReturnedMail(
  recipient: Recipient,
  order: MailOrder,
  how: MoneyReturn,
  reason: ReturnReason,
): MailMessage {
  const texts = mailTexts[recipient.language];
  const amount = paid(order, recipient.language);
  const money = how === 'refunded' ? texts.moneyRefunded(amount) : texts.moneyReleased(amount);
  const undeliverable = reason === 'undeliverable';
  const body = undeliverable ? texts.undeliverableBody : texts.refundedBody;
  const subject = undeliverable ? texts.undeliverableSubject : texts.refundedSubject;
  const content = {
    brandName: recipient.brandName,
    language: recipient.language,
    heading: undeliverable ? texts.undeliverableHeading : texts.refundedHeading,
    paragraphs: [
      body(recipient.name, order.gatewayOrderId, mailPlanTitle(order.plan, recipient.language)),
      money,
      ...(order.creditCents
        ? [texts.creditReturned(mailPrice(order.creditCents, order.currency, recipient.language))]
        : []),
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

export function thanks(recipient: Recipient, order: MailOrder): string {
  const texts = mailTexts[recipient.language];
  const { language } = recipient;
  const title = mailPlanTitle(order.plan, language);
  return texts.thanks(recipient.name, order.gatewayOrderId, title, paid(order, language));
}

function paid(order: MailOrder, language: Language): string {
  return mailPrice(order.amountCents, order.currency, language);
}

export async function mailOrderOf(deps: OrdersDependencies, order: OrderRow): Promise<MailOrder> {
  const plan = await deps.catalog.planForSale(order.planName);
  const allowance = plan
    ? { dataMb: plan.dataAmountMb, unlimited: plan.unlimited, durationDays: plan.durationDays }
    : null;
  return {
    gatewayOrderId: order.gatewayOrderId,
    plan: {
      destinationCode: order.destinationIso,
      destinationName: order.destinationName,
      allowance,
      description: order.planDescription,
    },
    amountCents: order.amountCents,
    creditCents: order.creditCents,
    currency: order.currency,
  };
}
