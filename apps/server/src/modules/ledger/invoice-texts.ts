/**
 * The words of the invoice PDF, one table per language. English is the source of truth and
 * reads as the invoice always has. The Arabic labels hold no Latin letters, so that each is one
 * right-to-left run the PDF can draw whole (pdfkit has no bidirectional layout): codes, names
 * and figures are drawn beside them. A test checks that every English label has the others.
 */
import type { Language } from '@tern/contract';

const en = {
  title: 'Invoice',
  heading: 'INVOICE',
  creditNoteTitle: 'Credit note',
  creditNoteHeading: 'CREDIT NOTE',
  creditNoteNumber: 'Credit note number',
  cancelsInvoice: 'Cancels invoice',
  refunded: 'Refunded in full to the card the invoice was paid with.',
  taxId: 'VAT number',
  invoiceNumber: 'Invoice number',
  date: 'Date',
  billedTo: 'Billed to',
  description: 'Description',
  amount: (currency: string) => `Amount (${currency})`,
  planFor: (destination: string) => `eSIM data plan for ${destination}, quantity 1`,
  iccid: 'eSIM ICCID',
  subtotal: 'Subtotal',
  vat: (percent: number) => `VAT ${percent}%`,
  stamps: 'Stamps',
  stampsNote: 'Stamps: the Lebanese fiscal stamp duty, paid to the state on every sale.',
  total: (currency: string) => `Total (${currency})`,
  paymentReference: 'Paid by card. Payment reference',
  pricesInclude:
    'Prices include VAT and stamps. Bundles are one-time purchases with no auto-renew.',
  planPrice: 'Plan price',
  creditUsed: 'Store credit used',
  discount: 'Promo code discount',
  creditNote: 'Store credit paid part of the price; VAT and stamps are on the amount paid by card.',
  refundedWithCredit:
    'Refunded in full: the card part to the card the invoice was paid with, the store credit part as store credit.',
};

export type InvoiceTexts = typeof en;

const ar: InvoiceTexts = {
  title: 'فاتورة',
  heading: 'فاتورة',
  creditNoteTitle: 'إشعار دائن',
  creditNoteHeading: 'إشعار دائن',
  creditNoteNumber: 'رقم الإشعار الدائن',
  cancelsInvoice: 'يلغي الفاتورة',
  refunded: 'رُدّ المبلغ كاملًا إلى البطاقة التي دُفعت بها الفاتورة.',
  taxId: 'رقم التسجيل في الضريبة على القيمة المضافة',
  invoiceNumber: 'رقم الفاتورة',
  date: 'التاريخ',
  billedTo: 'صادرة باسم',
  description: 'البيان',
  amount: () => 'المبلغ بالدولار الأميركي',
  planFor: () => 'باقة بيانات لشريحة إلكترونية، الكمية 1، الوجهة',
  iccid: 'الرقم التسلسلي للشريحة',
  subtotal: 'المجموع قبل الضريبة',
  vat: (percent) => `الضريبة على القيمة المضافة ${percent}%`,
  stamps: 'الطوابع',
  stampsNote: 'الطوابع: رسم الطابع المالي اللبناني، يُدفع للدولة عن كل عملية بيع.',
  total: () => 'المجموع بالدولار الأميركي',
  paymentReference: 'دُفعت بالبطاقة. مرجع الدفع',
  pricesInclude:
    'تشمل الأسعار الضريبة على القيمة المضافة والطوابع. الباقات مشتريات لمرة واحدة ولا تتجدد تلقائيًا.',
  planPrice: 'سعر الباقة',
  creditUsed: 'الرصيد المستخدم من المتجر',
  discount: 'خصم رمز الخصم',
  creditNote:
    'دُفع جزء من السعر برصيد المتجر؛ الضريبة على القيمة المضافة والطوابع محسوبة على المبلغ المدفوع بالبطاقة.',
  refundedWithCredit:
    'رُدّ المبلغ كاملًا: جزء البطاقة إلى البطاقة التي دُفعت بها الفاتورة، وجزء الرصيد رصيدًا في المتجر.',
};

const fr: InvoiceTexts = {
  title: 'Facture',
  heading: 'FACTURE',
  creditNoteTitle: 'Avoir',
  creditNoteHeading: 'AVOIR',
  creditNoteNumber: 'Numéro d’avoir',
  cancelsInvoice: 'Annule la facture',
  refunded: 'Remboursé en totalité sur la carte qui a payé la facture.',
  taxId: 'Numéro de TVA',
  invoiceNumber: 'Numéro de facture',
  date: 'Date',
  billedTo: 'Facturé à',
  description: 'Désignation',
  amount: (currency) => `Montant (${currency})`,
  // No article to guess ("pour l'Allemagne", "pour le Japon"): the destination as a label.
  planFor: (destination) =>
    `Forfait de données eSIM, destination\u00a0: ${destination}, quantité 1`,
  iccid: 'ICCID de l’eSIM',
  subtotal: 'Sous-total',
  vat: (percent) => `TVA ${percent}\u00a0%`,
  stamps: 'Timbres',
  stampsNote: 'Timbres\u00a0: droit de timbre fiscal libanais, versé à l’État sur chaque vente.',
  total: (currency) => `Total (${currency})`,
  paymentReference: 'Payé par carte. Référence du paiement',
  pricesInclude:
    'Les prix comprennent la TVA et les timbres. Les forfaits sont des achats uniques, sans renouvellement automatique.',
  planPrice: 'Prix du forfait',
  creditUsed: 'Avoir boutique utilisé',
  discount: 'Remise du code promo',
  creditNote:
    'Une partie du prix a été réglée par l’avoir boutique ; la TVA et les timbres portent sur le montant payé par carte.',
  refundedWithCredit:
    'Remboursé en totalité : la part carte sur la carte qui a payé la facture, la part avoir en avoir boutique.',
};

export const invoiceTexts: Record<Language, InvoiceTexts> = { en, ar, fr };

/**
 * The invoice's date in the buyer's language, e.g. '22 November 2026', '22 novembre 2026', and
 * in Arabic with the Western digits Lebanese readers expect.
 */
export function invoiceDate(date: Date, language: Language): string {
  if (language === 'en') return date.toISOString().slice(0, 10);
  const locale = language === 'ar' ? 'ar-LB-u-nu-latn' : 'fr-FR';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
