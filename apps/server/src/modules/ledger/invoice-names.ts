/**
 * A bought plan and its destination in the invoice's language: "1 Go · 7 jours" for France,
 * "1 غيغابايت · 7 أيام" for Lebanon, the country named by CLDR (Intl.DisplayNames) and the
 * spec's regions by the shop's own names. English keeps the shop's words (planTitle). Arabic
 * titles hold no Latin letters, so the PDF draws each as one right-to-left run.
 */
import {
  arabicDayCount,
  cldrCountryName,
  isRegionName,
  type Language,
  type PlanAllowance,
  planTitle,
  regionNameIn,
} from '@tern/contract';

type Translated = Exclude<Language, 'en'>;

interface AllowanceWords {
  unlimited: string;
  mb: (amount: string) => string;
  gb: (amount: string) => string;
  days: (count: number) => string;
}

const allowanceWords: Record<Translated, AllowanceWords> = {
  fr: {
    unlimited: 'Illimité',
    mb: (amount) => `${amount}\u00a0Mo`,
    gb: (amount) => `${amount}\u00a0Go`,
    days: (count) => (count <= 1 ? `${count}\u00a0jour` : `${count}\u00a0jours`),
  },
  ar: {
    unlimited: 'بيانات غير محدودة',
    mb: (amount) => `${amount} ميغابايت`,
    gb: (amount) => `${amount} غيغابايت`,
    days: arabicDayCount,
  },
};

/** A decimal as the language writes it, at most two places: '1.5', '1,5' in French. */
function decimal(value: number, language: Translated): string {
  const rounded = String(Number(value.toFixed(2)));
  return language === 'fr' ? rounded.replace('.', ',') : rounded;
}

/** '1 GB · 7 days' in the language. */
export function planTitleIn(allowance: PlanAllowance, language: Language): string {
  if (language === 'en') return planTitle(allowance);
  const words = allowanceWords[language];
  const { dataMb, unlimited, durationDays } = allowance;
  const data =
    unlimited || dataMb < 0
      ? words.unlimited
      : dataMb < 1000
        ? words.mb(decimal(dataMb, language))
        : words.gb(decimal(dataMb / 1000, language));
  return `${data} · ${words.days(durationDays)}`;
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
