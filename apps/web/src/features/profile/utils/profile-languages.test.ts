// The profile's texts in Arabic and French, through the catalogues as the shop loads them.
import type { Language } from '@tern/contract/languages';
import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../../lib/i18n/test-words';
import arabicProfile from '../../../locales/ar/profile.json';
import frenchProfile from '../../../locales/fr/profile.json';
import { invoicePdfHref } from '../api/download-invoice';
import { describeDaysLeft, formatMegabytes } from './data-usage';
import { formatDate } from './dates';
import { refundReasonWords } from './esim-card';
import { installStateMessage } from './install-state';
import { paginatorRangeLabel } from './paginator';
import {
  dateLocale,
  destinationNameIn,
  englishWords,
  invoiceAmount,
  type ProfileWords,
  planTitleIn,
} from './profile-format';
import { bundleStateWords, profileStatusWords } from './state-words';
import { describeStart } from './usage-view';

/** The messages of a language as the shop loads them: English under the translation. */
const wordsOf = (language: Language): ProfileWords =>
  wordsIn(language, { profile: { ar: arabicProfile, fr: frenchProfile } });
const en = wordsOf('en');
const fr = wordsOf('fr');
const ar = wordsOf('ar');
/** Text without its direction isolates, as a reader sees it. */
const visible = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
const LRI = '\u2066';
const PDI = '\u2069';

describe('plan titles in the language', () => {
  it('keeps the English title as the server wrote it', () => {
    expect(planTitleIn('1 GB · 7 days', en)).toBe('1 GB · 7 days');
    expect(planTitleIn('1 GB · 7 days')).toBe('1 GB · 7 days');
  });

  it('rebuilds a shop title in French, with a decimal comma', () => {
    expect(planTitleIn('1 GB · 7 days', fr)).toBe('1 Go · 7 jours');
    expect(planTitleIn('1.5 GB · 1 day', fr)).toBe('1,5 Go · 1 jour');
    expect(planTitleIn('500 MB · 30 days', fr)).toBe('500 Mo · 30 jours');
    expect(planTitleIn('Unlimited · 3 days', fr)).toBe('Illimité · 3 jours');
  });

  it('rebuilds it in Arabic with the data amount held left to right and days counted', () => {
    expect(planTitleIn('1 GB · 7 days', ar)).toBe(`${LRI}1 GB${PDI} · 7 أيام`);
    expect(planTitleIn('20 GB · 1 day', ar)).toBe(`${LRI}20 GB${PDI} · يوم واحد`);
    expect(planTitleIn('Unlimited · 2 days', ar)).toBe('بيانات غير محدودة · يومان');
    expect(visible(planTitleIn('3 GB · 30 days', ar))).toBe('3 GB · 30 يومًا');
  });

  it('leaves a provider’s description as the provider wrote it', () => {
    expect(planTitleIn('eSIM, 1GB, 7 Days, France, V2', fr)).toBe('eSIM, 1GB, 7 Days, France, V2');
  });
});

describe('destinations, amounts and dates in the language', () => {
  it('names a country from CLDR and a region in the shop’s words', () => {
    expect(destinationNameIn({ iso: 'FR', name: 'France' }, 'ar')).toBe('فرنسا');
    expect(destinationNameIn({ iso: 'DE', name: 'Germany' }, 'fr')).toBe('Allemagne');
    expect(destinationNameIn({ iso: 'Middle East', name: 'Middle East' }, 'ar')).toBe(
      'الشرق الأوسط',
    );
    expect(destinationNameIn({ iso: 'FR', name: 'France' }, 'en')).toBe('France');
    expect(destinationNameIn({ iso: 'Atlantis', name: 'Atlantis' }, 'fr')).toBe('Atlantis');
  });

  it('reads an invoice amount as the invoice prints it in English, as a price otherwise', () => {
    expect(invoiceAmount(4.99, 'USD', 'en')).toBe('4.99 USD');
    expect(invoiceAmount(4.99, 'USD', 'ar')).toBe(`${LRI}US$ 4.99${PDI}`);
    expect(invoiceAmount(4.99, 'USD', 'fr')).toMatch(/^4,99\s\$US$/);
    expect(invoiceAmount(10, 'EUR', 'ar')).toBe(`${LRI}10.00 EUR${PDI}`);
  });

  it('writes dates in the browser’s locale in English and in the language otherwise', () => {
    expect(dateLocale('en')).toBe(undefined);
    expect(formatDate('2026-11-30T12:00:00Z', 'UTC', dateLocale('fr'))).toBe('30 nov. 2026');
    const arabic = formatDate('2026-11-30T12:00:00Z', 'UTC', dateLocale('ar'));
    expect(arabic).toMatch(/^30 .+ 2026$/);
    expect(arabic).toMatch(/[\u0600-\u06ff]/); // the month in Arabic words, Western digits
  });
});

describe('usage in the language', () => {
  it('writes megabytes with French separators, and held left to right in Arabic', () => {
    expect(formatMegabytes(1_000_000_000, fr)).toMatch(/^1\s000 Mo$/);
    expect(formatMegabytes(12_345_678, fr)).toBe('12,3 Mo');
    expect(formatMegabytes(12_345_678, ar)).toBe(`${LRI}12.3 MB${PDI}`);
    expect(formatMegabytes(1_000_000_000, en)).toBe('1,000 MB');
  });

  it('counts days left with each language’s plurals', () => {
    expect(describeDaysLeft(0, fr)).toBe('moins d’un jour restant');
    expect(describeDaysLeft(1, fr)).toBe('environ 1 jour restant');
    expect(describeDaysLeft(6, fr)).toBe('environ 6 jours restants');
    expect(describeDaysLeft(1, ar)).toBe('يتبقّى يوم واحد تقريبًا');
    expect(describeDaysLeft(2, ar)).toBe('يتبقّى يومان تقريبًا');
    expect(describeDaysLeft(5, ar)).toBe('يتبقّى 5 أيام تقريبًا');
    expect(describeDaysLeft(11, ar)).toBe('يتبقّى 11 يومًا تقريبًا');
  });

  it('tells when a waiting bundle starts and how long it lasts', () => {
    expect(describeStart({ startsWhen: 'current-bundle-ends', validityDays: 7 }, fr)).toBe(
      'Démarre à la fin de votre forfait en cours\u00a0; dure 7 jours.',
    );
    expect(describeStart({ startsWhen: 'first-connection', validityDays: 1 }, ar)).toBe(
      'تبدأ عند اتصالك لأول مرة، وتدوم يومًا واحدًا.',
    );
    expect(describeStart({ startsWhen: 'first-connection', validityDays: null }, ar)).toBe(
      'تبدأ عند اتصالك لأول مرة.',
    );
  });
});

describe('states and refund reasons in the language (issue 26)', () => {
  it('names a bundle’s state in words, never the provider’s', () => {
    expect(bundleStateWords('active', fr)).toBe('Actif');
    expect(bundleStateWords('depleted', fr)).toBe('Épuisé');
    expect(bundleStateWords('depleted', ar)).toBe('مستنفدة');
    expect(bundleStateWords('active', ar)).toBe('نشطة');
  });

  it('names the profile status in words, a removed profile apart from a new one', () => {
    expect(profileStatusWords({ profileStatus: 'Released' }, fr)).toBe('Prêt à installer');
    expect(
      profileStatusWords(
        { profileStatus: 'Released', firstInstalledDateTime: '2026-11-20T10:00:00Z' },
        fr,
      ),
    ).toBe('Retiré du téléphone');
    expect(profileStatusWords({ profileStatus: 'Installed' }, ar)).toBe('مثبّت');
    expect(profileStatusWords({ profileStatus: 'Enabled' }, ar)).toBe('مثبّت ومفعّل');
  });

  it('says why a refund cannot be had before the button, in the language', () => {
    expect(refundReasonWords('installed', fr)).toBe(
      'Pas de remboursement : cette eSIM a été installée sur un téléphone.',
    );
    expect(refundReasonWords('window-passed', ar)).toBe('لا استرداد: اشتُريت قبل أكثر من 14 يومًا.');
  });
});

describe('the QR code’s warning and the paginator in the language', () => {
  it('warns in the language that a used code cannot install the eSIM again', () => {
    expect(installStateMessage(true, fr)).toMatch(/^Ce code QR ne sert qu’une fois/);
    expect(installStateMessage(true, ar)).toMatch(/^رمز QR هذا صالح لاستخدام واحد فقط/);
    expect(installStateMessage(false, ar)).toMatch(/^امسح رمز QR/);
  });

  it('reads the range in the language, French grouping thousands', () => {
    expect(paginatorRangeLabel(0, 100, 250, ar)).toBe('1 – 100 من 250');
    expect(paginatorRangeLabel(0, 100, 0, ar)).toBe('0 من 0');
    expect(paginatorRangeLabel(10, 100, 2500, fr)).toMatch(/^1\s001 – 1\s100 sur 2\s500$/);
    expect(paginatorRangeLabel(10, 100, 2500, englishWords)).toBe('1001 – 1100 of 2500');
  });
});

describe('the invoice download', () => {
  it('asks for the PDF in the language on screen', () => {
    expect(invoicePdfHref(42, 'ar')).toBe('/api/ledger/42/invoice.pdf?lang=ar');
    expect(invoicePdfHref(42, 'en')).toBe('/api/ledger/42/invoice.pdf?lang=en');
  });
});
