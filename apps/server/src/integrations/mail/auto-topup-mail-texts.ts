/**
 * The words of the automatic top-up e-mails (issue 32): the receipt of each automatic purchase,
 * and the notice that a declined card turned the feature off, each with a one-tap stop link
 * (the receipt) or a link to the eSIM (the notice). One table per language like
 * alert-mail-texts.ts; plan titles, prices, cards and links are passed in as they are.
 */
import type { Language } from '@tern/contract';

const en = {
  receiptSubject: (brand: string, planTitle: string) =>
    `${brand} topped up your eSIM automatically (${planTitle})`,
  receiptHeading: 'Your eSIM was topped up automatically',
  receiptBody: (name: string, planTitle: string, iccid: string) =>
    `Hello ${name}, your eSIM ${iccid} was running low on data, so we bought ${planTitle} for it, as you asked. It is on the same eSIM, with nothing to install.`,
  receiptCharge: (price: string, card: string) => `We charged ${price} to ${card}.`,
  receiptCap: (used: number, max: number) =>
    `This was automatic top-up ${used} of at most ${max} this month.`,
  stopOffer: 'Not what you want? Stop automatic top-up in one tap; nothing else changes.',
  stopButton: 'Stop automatic top-up',
  stopLink: (link: string) => `Stop automatic top-up: ${link}`,
  declinedSubject: (brand: string) => `${brand} automatic top-up is off: your card was declined`,
  declinedHeading: 'Automatic top-up is off',
  declinedBody: (name: string, planTitle: string, iccid: string, card: string) =>
    `Hello ${name}, your eSIM ${iccid} was running low on data, but ${card} was declined when we tried to buy ${planTitle}. Nothing was charged, and automatic top-up is now off.`,
  declinedOffer: 'You can top up yourself, or turn automatic top-up on again with another card.',
  profileButton: 'Go to my eSIMs',
  profileLink: (link: string) => `Your eSIMs: ${link}`,
};

export type AutoTopupMailTexts = typeof en;

const ar: AutoTopupMailTexts = {
  receiptSubject: (brand, planTitle) => `أعاد ${brand} تعبئة شريحة eSIM تلقائيًا (${planTitle})`,
  receiptHeading: 'أُعيدت تعبئة شريحة eSIM الخاصة بك تلقائيًا',
  receiptBody: (name, planTitle, iccid) =>
    `مرحبًا ${name}، أوشكت بيانات شريحة eSIM رقم ${iccid} على النفاد، لذا اشترينا لها باقة (${planTitle}) كما طلبت. الباقة على الشريحة نفسها، ولا حاجة إلى تثبيت أي شيء.`,
  receiptCharge: (price, card) => `خصمنا ${price} من ${card}.`,
  receiptCap: (used, max) => `هذه التعبئة التلقائية رقم ${used} من ${max} كحدّ أقصى هذا الشهر.`,
  stopOffer: 'لا تريد ذلك؟ أوقف التعبئة التلقائية بنقرة واحدة، ولن يتغير شيء آخر.',
  stopButton: 'إيقاف التعبئة التلقائية',
  stopLink: (link) => `إيقاف التعبئة التلقائية: ${link}`,
  declinedSubject: (brand) => `التعبئة التلقائية في ${brand} متوقفة: رُفضت بطاقتك`,
  declinedHeading: 'التعبئة التلقائية متوقفة',
  declinedBody: (name, planTitle, iccid, card) =>
    `مرحبًا ${name}، أوشكت بيانات شريحة eSIM رقم ${iccid} على النفاد، لكن ${card} رُفضت عندما حاولنا شراء باقة (${planTitle}). لم يُخصم أي مبلغ، والتعبئة التلقائية متوقفة الآن.`,
  declinedOffer: 'يمكنك التعبئة بنفسك، أو تفعيل التعبئة التلقائية من جديد ببطاقة أخرى.',
  profileButton: 'انتقل إلى شرائح eSIM الخاصة بي',
  profileLink: (link) => `شرائح eSIM الخاصة بك: ${link}`,
};

const fr: AutoTopupMailTexts = {
  receiptSubject: (brand, planTitle) =>
    `${brand} a rechargé votre eSIM automatiquement (${planTitle})`,
  receiptHeading: 'Votre eSIM a été rechargée automatiquement',
  receiptBody: (name, planTitle, iccid) =>
    `Bonjour ${name}, votre eSIM ${iccid} arrivait à court de données\u00a0: nous avons acheté ${planTitle} pour elle, comme vous l’avez demandé. Le forfait est sur la même eSIM, rien à installer.`,
  receiptCharge: (price, card) => `Nous avons débité ${price} sur ${card}.`,
  receiptCap: (used, max) =>
    `C’était la recharge automatique ${used} sur ${max} au plus ce mois-ci.`,
  stopOffer:
    'Ce n’est pas ce que vous voulez\u00a0? Arrêtez la recharge automatique en un geste\u00a0; rien d’autre ne change.',
  stopButton: 'Arrêter la recharge automatique',
  stopLink: (link) => `Arrêter la recharge automatique\u00a0: ${link}`,
  declinedSubject: (brand) =>
    `Recharge automatique ${brand} désactivée\u00a0: votre carte a été refusée`,
  declinedHeading: 'La recharge automatique est désactivée',
  declinedBody: (name, planTitle, iccid, card) =>
    `Bonjour ${name}, votre eSIM ${iccid} arrivait à court de données, mais ${card} a été refusée quand nous avons voulu acheter ${planTitle}. Rien n’a été débité, et la recharge automatique est désormais désactivée.`,
  declinedOffer:
    'Vous pouvez recharger vous-même, ou réactiver la recharge automatique avec une autre carte.',
  profileButton: 'Voir mes eSIM',
  profileLink: (link) => `Vos eSIM\u00a0: ${link}`,
};

export const autoTopupMailTexts: Record<Language, AutoTopupMailTexts> = { en, ar, fr };
