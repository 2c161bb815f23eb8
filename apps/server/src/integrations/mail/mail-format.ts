/**
 * Plans and prices as an e-mail's language writes them, the way the web shows them
 * (apps/web lib/i18n/format.ts and plan-format.ts, decision 0018): "eSIM France · 1 Go · 7 jours"
 * and "1,99 $US" in French, "شريحة eSIM فرنسا · 1 GB · 7 أيام" and "US$ 1.99" in Arabic, with
 * Western digits and the Latin parts held left to right. English keeps the shop's own words
 * ("France eSIM · 1 GB · 7 days", "1.99 USD"), as its e-mails have always read.
 */
import {
  type AllowanceWords,
  allowanceIn,
  arabicDayCount,
  cldrCountryName,
  formatAmount,
  isRegionName,
  type Language,
  orderDescription,
  type PlanAllowance,
  regionNameIn,
} from '@tern/contract';

/** A bought plan as an e-mail names it. */
export interface MailPlan {
  /** The country's ISO code or the region's name, as the catalogue lists the destination. */
  destinationCode: string;
  /** The catalogue's (English) name of the country or region. */
  destinationName: string;
  /** Null for a plan the catalogue no longer lists: its stored description names it. */
  allowance: PlanAllowance | null;
  /** The stored words of the plan ("eSIM, 1GB, 7 Days, France, V2"). */
  description: string;
}

/** A plan known only by its stored words (no booked purchase, or one the catalogue dropped). */
export function unlistedMailPlan(description: string): MailPlan {
  return { destinationCode: '', destinationName: '', allowance: null, description };
}

type OtherLanguage = Exclude<Language, 'en'>;

/** Left to right inside Arabic text (LRI … PDI), so "1 GB" and "US$ 1.99" keep their order. */
function leftToRight(text: string, language: Language): string {
  return language === 'ar' ? `\u2066${text}\u2069` : text;
}

/** A country's name from CLDR, a region's from the shop's table; the catalogue's otherwise. */
export function mailDestinationName(code: string, name: string, language: Language): string {
  if (language === 'en') return name;
  if (isRegionName(name)) return regionNameIn(name, language);
  // Not an ISO code CLDR knows (a destination the catalogue names otherwise): its own name stays.
  return cldrCountryName(code, language) ?? name;
}

/** A decimal with the French comma: "1,5 Go"; Arabic writes a point, as its prices. */
const frenchDecimal = new Intl.NumberFormat('fr');

/** Data and days as the web's `plans` messages say them, data held left to right in Arabic. */
const allowanceWords: Record<OtherLanguage, AllowanceWords> = {
  ar: {
    unlimited: 'بيانات غير محدودة',
    mb: (amount) => leftToRight(`${amount} MB`, 'ar'),
    gb: (amount) => leftToRight(`${amount} GB`, 'ar'),
    days: arabicDayCount,
  },
  fr: {
    unlimited: 'Illimité',
    mb: (amount) => `${frenchDecimal.format(amount)} Mo`,
    gb: (amount) => `${frenchDecimal.format(amount)} Go`,
    days: (count) => (count === 1 ? '1 jour' : `${count} jours`),
  },
};

/** How each language puts the destination beside the word eSIM (no preposition, so no "لـال"). */
const titleOf: Record<OtherLanguage, (destination: string, allowance: string) => string> = {
  ar: (destination, allowance) => `شريحة eSIM ${destination} · ${allowance}`,
  fr: (destination, allowance) => `eSIM ${destination} · ${allowance}`,
};

/** "France eSIM · 1 GB · 7 days", "eSIM France · 1 Go · 7 jours"; the stored words if unlisted. */
export function mailPlanTitle(plan: MailPlan, language: Language): string {
  const { allowance } = plan;
  if (!allowance) return plan.description;
  if (language === 'en') return orderDescription(plan.destinationName, allowance);
  const destination = mailDestinationName(plan.destinationCode, plan.destinationName, language);
  return titleOf[language](destination, allowanceIn(allowance, allowanceWords[language]));
}

/** "1.99 USD"; "1,99 $US" in French; "US$ 1.99" in Arabic, held left to right. */
export function mailPrice(amountCents: number, currency: string, language: Language): string {
  const amount = amountCents / 100;
  if (language === 'en') return `${formatAmount(amount)} ${currency}`;
  if (language === 'fr') {
    return new Intl.NumberFormat('fr', { style: 'currency', currency }).format(amount);
  }
  const symbol = currency === 'USD' ? 'US$' : currency;
  return leftToRight(`${symbol} ${formatAmount(amount)}`, language);
}
