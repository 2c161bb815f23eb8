/**
 * The e-mails of a gift (issue 31): the recipient's install e-mail, in their language, saying
 * who sent it and with the buyer's message (plain text, escaped in the HTML part as every
 * paragraph is: mail-layout.ts), and the buyer's confirmation that the gift was sent.
 */
import type { Language } from '@tern/contract';
import { mailPlanTitle } from '../../integrations/mail/mail-format';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import type { MailMessage } from '../../integrations/mail/mailer';
import { esimReadyMail, type MailOrder, type Recipient, thanks } from './order-mail';

const en = {
  subject: (sender: string, brand: string) => `${sender} sent you a ${brand} eSIM`,
  heading: 'An eSIM for you',
  hello: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
  sent: (sender: string, planTitle: string) =>
    `${sender} has given you an eSIM: ${planTitle}. It is ready to install.`,
  message: (sender: string) => `${sender}’s message:`,
  account: (email: string) =>
    `It is also in your account: sign in with ${email} and the code we e-mail you to see it, its usage and its QR code.`,
  buyerSubject: (brand: string, orderId: string) => `Your ${brand} gift was sent (${orderId})`,
  buyerHeading: 'Your gift was sent',
  buyerSent: (email: string) =>
    `We have sent the eSIM and its install details to ${email}. It appears in their account when they sign in with that address.`,
  buyerInvoice:
    'Your invoice stays in your profile, and “Gifts sent” shows whether the eSIM has been installed. You can still have it refunded while it has not been installed.',
};

type GiftMailTexts = typeof en;

const ar: GiftMailTexts = {
  subject: (sender, brand) => `أرسل إليك ${sender} شريحة eSIM من ${brand}`,
  heading: 'شريحة eSIM لك',
  hello: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
  sent: (sender, planTitle) => `أهداك ${sender} شريحة eSIM: ${planTitle}. إنها جاهزة للتثبيت.`,
  message: (sender) => `رسالة ${sender}:`,
  account: (email) =>
    `وهي أيضًا في حسابك: سجّل الدخول بالعنوان ${email} وبالرمز الذي نرسله إليك بالبريد لتراها وترى استهلاكها ورمز QR الخاص بها.`,
  buyerSubject: (brand, orderId) => `أُرسلت هديتك من ${brand} (${orderId})`,
  buyerHeading: 'أُرسلت هديتك',
  buyerSent: (email) =>
    `أرسلنا شريحة eSIM وتفاصيل تثبيتها إلى ${email}. وستظهر في حسابه عند تسجيل الدخول بهذا العنوان.`,
  buyerInvoice:
    'تبقى فاتورتك في ملفك الشخصي، ويبيّن قسم «الهدايا المرسلة» ما إذا ثُبّتت الشريحة. ويمكنك استرداد ثمنها ما دامت لم تُثبَّت.',
};

const fr: GiftMailTexts = {
  subject: (sender, brand) => `${sender} vous offre une eSIM ${brand}`,
  heading: 'Une eSIM pour vous',
  hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  sent: (sender, planTitle) =>
    `${sender} vous offre une eSIM\u00a0: ${planTitle}. Elle est prête à être installée.`,
  message: (sender) => `Le message de ${sender}\u00a0:`,
  account: (email) =>
    `Elle est aussi dans votre compte\u00a0: connectez-vous avec ${email} et le code que nous vous envoyons par e-mail pour la voir, avec sa consommation et son code QR.`,
  buyerSubject: (brand, orderId) => `Votre cadeau ${brand} a été envoyé (${orderId})`,
  buyerHeading: 'Votre cadeau a été envoyé',
  buyerSent: (email) =>
    `Nous avons envoyé l’eSIM et ses instructions d’installation à ${email}. Elle apparaît dans son compte dès qu’il ou elle se connecte avec cette adresse.`,
  buyerInvoice:
    'Votre facture reste dans votre profil, et «\u00a0Cadeaux envoyés\u00a0» indique si l’eSIM a été installée. Vous pouvez toujours vous la faire rembourser tant qu’elle n’a pas été installée.',
};

export const giftMailTexts: Record<Language, GiftMailTexts> = { en, ar, fr };

export interface GiftWords {
  senderName: string;
  message: string;
}

/** The install e-mail, to the recipient, in their language, from the buyer. */
export function giftEsimMail(
  recipient: Recipient,
  order: MailOrder,
  esim: { iccid: string; smdpAddress: string; matchingId: string },
  gift: GiftWords,
): Promise<MailMessage> {
  const texts = giftMailTexts[recipient.language];
  const title = mailPlanTitle(order.plan, recipient.language);
  const opening = [
    texts.hello(recipient.name),
    texts.sent(gift.senderName, title),
    ...(gift.message ? [texts.message(gift.senderName), gift.message] : []),
    texts.account(recipient.to),
  ];
  return esimReadyMail(recipient, order, esim, {
    subject: texts.subject(gift.senderName, recipient.brandName),
    heading: texts.heading,
    opening,
  });
}

/** The buyer's confirmation: their order, and where the gift went. */
export function giftSentMail(
  buyer: Recipient,
  order: MailOrder,
  recipientEmail: string,
): MailMessage {
  const texts = giftMailTexts[buyer.language];
  const content = {
    brandName: buyer.brandName,
    language: buyer.language,
    heading: texts.buyerHeading,
    paragraphs: [thanks(buyer, order), texts.buyerSent(recipientEmail), texts.buyerInvoice],
  };
  return {
    to: buyer.to,
    subject: texts.buyerSubject(buyer.brandName, order.gatewayOrderId),
    text: mailText(content),
    html: mailHtml(content),
  };
}
