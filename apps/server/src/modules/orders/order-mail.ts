/**
 * The e-mails of an order, in the shop's brand: the eSIM with its QR code and install details,
 * a top-up's confirmation, and the notice that a payment was given back.
 */
import { randomUUID } from 'node:crypto';
import { formatAmount, QR_DEFAULT_SIZE } from '@tern/contract';
import { escapeHtml, mailHtml, mailText } from '../../integrations/mail/mail-layout';
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
}

export async function esimReadyMail(
  recipient: Recipient,
  order: MailOrder,
  esim: { iccid: string; smdpAddress: string; matchingId: string },
): Promise<MailMessage> {
  const { lpa, links } = installInstructions(esim);
  const content = {
    brandName: recipient.brandName,
    heading: 'Your eSIM is ready',
    paragraphs: [
      `Hello ${recipient.name}, thank you for your order ${order.gatewayOrderId}: ${order.planTitle}, ${paid(order)}.`,
      'Install it before you travel, on a phone connected to Wi-Fi: scan the QR code in this e-mail with your phone camera (Settings > Mobile Data > Add eSIM), or open this e-mail on the phone and tap the install link.',
      `iPhone (iOS 17.4 or later), one tap: ${links.ios}`,
      `Android, one tap: ${links.android}`,
      `To enter it by hand: SM-DP+ address ${esim.smdpAddress}, activation code ${esim.matchingId}.`,
      `Full activation string: ${lpa}`,
      `ICCID: ${esim.iccid}`,
      'Keep the eSIM off until you arrive, then turn on data roaming for it. An eSIM can be installed on one device only, and most only once.',
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
    `<img src="cid:${qrCode.cid}" width="${QR_DEFAULT_SIZE}" height="${QR_DEFAULT_SIZE}" alt="eSIM QR code: ${escapeHtml(lpa)}">`,
    '</p>',
    `<p style="margin:0 0 16px;text-align:center"><a href="${escapeHtml(links.ios)}">Install on iPhone</a> &middot; <a href="${escapeHtml(links.android)}">Install on Android</a></p>`,
  ].join('');
  return {
    to: recipient.to,
    subject: `Your ${recipient.brandName} eSIM is ready (${order.gatewayOrderId})`,
    text: mailText(content),
    html: withBlock(mailHtml(content), qrBlock),
    inlineImages: [qrCode],
    devLogLine: `eSIM ${esim.iccid} for ${recipient.to} (${order.gatewayOrderId}): ${lpa}`,
  };
}

export function topupReadyMail(recipient: Recipient, order: MailOrder, iccid: string): MailMessage {
  const content = {
    brandName: recipient.brandName,
    heading: 'Your top-up is on your eSIM',
    paragraphs: [
      `Hello ${recipient.name}, thank you for your order ${order.gatewayOrderId}: ${order.planTitle}, ${paid(order)}.`,
      `The bundle was added to your eSIM ${iccid}. There is nothing to install: it starts when the phone uses the eSIM on a supported network with data roaming on.`,
    ],
  };
  return {
    to: recipient.to,
    subject: `Your ${recipient.brandName} top-up is ready (${order.gatewayOrderId})`,
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
  const money =
    how === 'refunded'
      ? `We have refunded ${paid(order)} to your card; depending on your bank it shows within 5 to 10 days.`
      : `You have not been charged: the ${paid(order)} held on your card has been released.`;
  const undeliverable = reason === 'undeliverable';
  const content = {
    brandName: recipient.brandName,
    heading: undeliverable ? 'We could not deliver your eSIM' : 'Your order was refunded',
    paragraphs: [
      undeliverable
        ? `Hello ${recipient.name}, we are sorry: our eSIM provider could not deliver your order ${order.gatewayOrderId} (${order.planTitle}).`
        : `Hello ${recipient.name}, your order ${order.gatewayOrderId} (${order.planTitle}) has been refunded, as agreed with our support team.`,
      money,
      'You are welcome to write to our support team, available 24/7.',
    ],
  };
  return {
    to: recipient.to,
    subject: undeliverable
      ? `Your ${recipient.brandName} order ${order.gatewayOrderId} could not be delivered`
      : `Your ${recipient.brandName} order ${order.gatewayOrderId} was refunded`,
    text: mailText(content),
    html: mailHtml(content),
  };
}

function paid(order: MailOrder): string {
  return `${formatAmount(order.amountCents / 100)} ${order.currency}`;
}

/** Puts a block of HTML at the end of the branded frame's card. */
function withBlock(html: string, block: string): string {
  const end = '</div></body></html>';
  return html.endsWith(end) ? `${html.slice(0, -end.length)}${block}\n${end}` : `${html}${block}`;
}
