/**
 * The words of the usage alert e-mails (80% used, used up, ending within 24 hours), one table
 * per language like mail-texts.ts, kept apart so the order e-mails' table stays as it is. Plan
 * titles, ICCIDs and links are passed in and kept as they are. A test checks that every English
 * text has an Arabic and a French one.
 */
import type { Language } from '@tern/contract';

const en = {
  used80Subject: (brand: string, planTitle: string) =>
    `You have used 80% of your ${brand} data (${planTitle})`,
  used80Heading: 'You have used 80% of your data',
  used80Body: (name: string, planTitle: string, iccid: string) =>
    `Hello ${name}, you have used 80% of the data of ${planTitle} on your eSIM ${iccid}.`,
  usedUpSubject: (brand: string, planTitle: string) =>
    `Your ${brand} data is used up (${planTitle})`,
  usedUpHeading: 'Your data is used up',
  usedUpBody: (name: string, planTitle: string, iccid: string) =>
    `Hello ${name}, the data of ${planTitle} on your eSIM ${iccid} is used up.`,
  expiringSubject: (brand: string, planTitle: string) =>
    `Your ${brand} plan ends within 24 hours (${planTitle})`,
  expiringHeading: 'Your plan ends within 24 hours',
  expiringBody: (name: string, planTitle: string, iccid: string) =>
    `Hello ${name}, ${planTitle} on your eSIM ${iccid} ends within 24 hours.`,
  topupOffer:
    'Top up in one tap to stay connected: the bundle goes on the same eSIM, with nothing to install.',
  topupLink: (link: string) => `Top up: ${link}`,
  topupButton: 'Top up this eSIM',
};

export type AlertMailTexts = typeof en;

/** Arabic names the plan in brackets after "باقتك" (your plan): "باقة شريحة eSIM …" would stack two nouns. */
const ar: AlertMailTexts = {
  used80Subject: (brand, planTitle) => `استهلكت 80% من بيانات ${brand} (${planTitle})`,
  used80Heading: 'استهلكت 80% من بياناتك',
  used80Body: (name, planTitle, iccid) =>
    `مرحبًا ${name}، استهلكت 80% من بيانات باقتك (${planTitle}) على شريحة eSIM رقم ${iccid}.`,
  usedUpSubject: (brand, planTitle) => `نفدت بياناتك على ${brand} (${planTitle})`,
  usedUpHeading: 'نفدت بياناتك',
  usedUpBody: (name, planTitle, iccid) =>
    `مرحبًا ${name}، نفدت بيانات باقتك (${planTitle}) على شريحة eSIM رقم ${iccid}.`,
  expiringSubject: (brand, planTitle) => `تنتهي باقتك من ${brand} خلال 24 ساعة (${planTitle})`,
  expiringHeading: 'تنتهي باقتك خلال 24 ساعة',
  expiringBody: (name, planTitle, iccid) =>
    `مرحبًا ${name}، تنتهي باقتك (${planTitle}) على شريحة eSIM رقم ${iccid} خلال 24 ساعة.`,
  topupOffer:
    'اشحن بلمسة واحدة لتبقى متصلًا: تُضاف الباقة إلى شريحة eSIM نفسها، ولا حاجة إلى تثبيت أي شيء.',
  topupLink: (link) => `الشحن: ${link}`,
  topupButton: 'اشحن هذه الشريحة',
};

/**
 * French puts a no-break space before ':'. The plan title ("eSIM France · 1 Go · 7 jours") follows
 * "du forfait", never a bare "de" (that would need an elision: "d’eSIM"), and no participle
 * names the reader, whose gender is not known.
 */
const fr: AlertMailTexts = {
  used80Subject: (brand, planTitle) =>
    `Vous avez utilisé 80\u00a0% de vos données ${brand} (${planTitle})`,
  used80Heading: 'Vous avez utilisé 80\u00a0% de vos données',
  used80Body: (name, planTitle, iccid) =>
    `Bonjour ${name}, vous avez utilisé 80\u00a0% des données du forfait ${planTitle} de votre eSIM ${iccid}.`,
  usedUpSubject: (brand, planTitle) => `Vos données ${brand} sont épuisées (${planTitle})`,
  usedUpHeading: 'Vos données sont épuisées',
  usedUpBody: (name, planTitle, iccid) =>
    `Bonjour ${name}, les données du forfait ${planTitle} de votre eSIM ${iccid} sont épuisées.`,
  expiringSubject: (brand, planTitle) =>
    `Votre forfait ${brand} se termine dans moins de 24 heures (${planTitle})`,
  expiringHeading: 'Votre forfait se termine dans moins de 24 heures',
  expiringBody: (name, planTitle, iccid) =>
    `Bonjour ${name}, le forfait ${planTitle} de votre eSIM ${iccid} se termine dans moins de 24 heures.`,
  topupOffer:
    'Rechargez en un geste pour garder votre connexion\u00a0: le forfait s’ajoute à la même eSIM, sans rien installer.',
  topupLink: (link) => `Recharger\u00a0: ${link}`,
  topupButton: 'Recharger cette eSIM',
};

export const alertMailTexts: Record<Language, AlertMailTexts> = { en, ar, fr };
