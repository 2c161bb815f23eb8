/**
 * A bought plan and its destination in the invoice's language: "1 Go · 7 jours" for France,
 * "1 غيغابايت · 7 أيام" for Lebanon, the country named by CLDR (Intl.DisplayNames) and the
 * spec's regions by the shop's own names. English keeps the shop's words (planTitle). Arabic
 * titles hold no Latin letters, so the PDF draws each as one right-to-left run.
 */
import {
  type AllowanceWords,
  allowanceIn,
  arabicDayCount,
  cldrCountryName,
  isRegionName,
  type Language,
  type PlanAllowance,
  planTitle,
  regionNameIn,
} from '@tern/contract';

type Translated = Exclude<Language, 'en'>;

/** A decimal with the French comma: '1,5'. */
const frenchDecimal = (amount: number) => String(amount).replace('.', ',');

const allowanceWords: Record<Translated, AllowanceWords> = {
  fr: {
    unlimited: 'Illimité',
    mb: (amount) => `${frenchDecimal(amount)}\u00a0Mo`,
    gb: (amount) => `${frenchDecimal(amount)}\u00a0Go`,
    days: (count) => (count <= 1 ? `${count}\u00a0jour` : `${count}\u00a0jours`),
  },
  ar: {
    unlimited: 'بيانات غير محدودة',
    mb: (amount) => `${amount} ميغابايت`,
    gb: (amount) => `${amount} غيغابايت`,
    days: arabicDayCount,
  },
};

/** '1 GB · 7 days' in the language. */
export function planTitleIn(allowance: PlanAllowance, language: Language): string {
  return language === 'en'
    ? planTitle(allowance)
    : allowanceIn(allowance, allowanceWords[language]);
}

/**
 * Where the plan was bought for, in the language: `destination` is the ledger's ISO code or
 * region name, `shopName` its English name, kept when the language has none for it.
 */
export function destinationIn(destination: string, shopName: string, language: Language): string {
  if (language === 'en') return shopName;
  if (isRegionName(destination)) return regionNameIn(destination, language);
  // Not a code CLDR knows (or not a code at all): the shop's name still says it.
  return cldrCountryName(destination, language) ?? shopName;
}
