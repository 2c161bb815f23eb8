// The purchase pages' words in Arabic and French: the order summary, the payment results,
// the legacy form's rules and the purchase error toast, said from the `checkout` catalogue.
import type { Language } from '@tern/contract/languages';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { completeEnglish } from '../../../lib/i18n';
import { wordsIn } from '../../../lib/i18n/test-words';
import arabicCheckout from '../../../locales/ar/checkout.json';
import frenchCheckout from '../../../locales/fr/checkout.json';
import { checkCheckout } from './checkout-form';
import { orderSummary, type SummaryWords } from './order-summary';
import { afterTimeLimit, paymentResult } from './payment-result';
import { paymentStart, purchaseErrorText } from './payment-start';

// The checkout's English comes after the first script, as the app loads it before any page.
beforeAll(() => completeEnglish());

/** The messages of a language as the shop loads them: English under the translation. */
const wordsOf = (language: Language): SummaryWords =>
  wordsIn(language, { checkout: { ar: arabicCheckout, fr: frenchCheckout } });
const en = wordsOf('en');
const fr = wordsOf('fr');
const ar = wordsOf('ar');

const france = {
  plc_name: 'France',
  plc_iso: 'FR',
  pla_data_amount: 1000,
  pla_unlimited: false,
  pla_duration: 7,
  pla_price: 5.77,
};
const europeUnlimited = {
  plc_name: 'Europe+',
  plc_iso: 'Europe+',
  pla_data_amount: -1,
  pla_unlimited: true,
  pla_duration: 1,
  pla_price: 9.99,
};

describe('the order summary in each language', () => {
  it('keeps the shop’s English words when English is chosen', () => {
    expect(orderSummary(france, en)).toEqual(orderSummary(france));
    expect(orderSummary(france, en)?.line.description).toBe('France eSIM · 1 GB · 7 days');
  });

  it('says the plan, the charges and the prices in French', () => {
    const summary = orderSummary(france, fr);
    expect(summary?.line.description).toBe('eSIM France · 1 Go · 7 jours');
    expect(summary?.line.price).toMatch(/^5,00\s\$US$/);
    expect(summary?.charges.map((charge) => charge.label)).toEqual([
      'Sous-total',
      'TVA (11\u00a0%)',
      'Droits de timbre',
    ]);
    expect(summary?.charges[2]?.amount).toMatch(/^0,22\s\$US$/);
    expect(summary?.total).toEqual({
      label: 'Total (USD)',
      amount: expect.stringMatching(/^5,77\s\$US$/),
    });
  });

  it('says them in Arabic, with the data amount and prices held left to right', () => {
    const summary = orderSummary(france, ar);
    expect(summary?.line.description).toBe('شريحة eSIM فرنسا · \u20661 GB\u2069 · 7 أيام');
    expect(summary?.line.price).toBe('\u2066US$ 5.00\u2069');
    expect(summary?.charges.map((charge) => charge.label)).toEqual([
      'المجموع الفرعي',
      'ضريبة القيمة المضافة (11%)',
      'الطوابع المالية',
    ]);
    expect(summary?.total).toEqual({ label: 'الإجمالي (USD)', amount: '\u2066US$ 5.77\u2069' });
  });

  it('splits $1.99 with VAT at 11% of the subtotal and names the stamps duty, in French and Arabic', () => {
    const frSummary = orderSummary({ ...france, pla_price: 1.99 }, fr);
    expect(frSummary?.charges.map((charge) => charge.amount.replace(/\s/g, ' '))).toEqual([
      '1,59 $US',
      '0,17 $US',
      '0,23 $US',
    ]);
    expect(frSummary?.charges[2]?.note).toBe('Timbre fiscal libanais');
    const arSummary = orderSummary({ ...france, pla_price: 1.99 }, ar);
    expect(arSummary?.charges.map((charge) => charge.amount)).toEqual([
      '\u2066US$ 1.59\u2069',
      '\u2066US$ 0.17\u2069',
      '\u2066US$ 0.23\u2069',
    ]);
    expect(arSummary?.charges[2]?.note).toBe('رسم الطابع المالي اللبناني');
  });

  it('names a region and an unlimited day in the language', () => {
    expect(orderSummary(europeUnlimited, fr)?.line.description).toBe(
      'eSIM Europe+ · Illimité · 1 jour',
    );
    expect(orderSummary(europeUnlimited, ar)?.line.description).toBe(
      'شريحة eSIM أوروبا+ · بيانات غير محدودة · يوم واحد',
    );
  });
});

describe('the payment result in each language', () => {
  it('confirms a delivered order in French and Arabic', () => {
    expect(paymentResult('fulfilled', fr.t).title).toBe('Paiement confirmé. Votre eSIM est prête.');
    expect(paymentResult('fulfilled', ar.t).title).toBe('تم تأكيد الدفع. شريحة eSIM جاهزة.');
  });

  it('has a translated heading and message for every status', () => {
    for (const status of [
      'created',
      'awaiting_payment',
      'paid',
      'fulfilling',
      'fulfilled',
      'payment_failed',
      'cancelled',
      'fulfilment_failed',
      'refunded',
    ] as const) {
      const english = paymentResult(status, en.t);
      for (const words of [fr, ar]) {
        const said = paymentResult(status, words.t);
        expect(said.kind).toBe(english.kind);
        expect(said.title).not.toBe(english.title);
        expect(said.message).not.toBe(english.message);
      }
    }
  });

  it('adds the advice to try another card to a declined payment', () => {
    expect(paymentResult('payment_failed', fr.t).message).toBe(
      'Votre paiement n’a pas été accepté. Aucun montant n’a été débité. Vérifiez les données de votre carte ou essayez-en une autre, puis achetez à nouveau le forfait.',
    );
  });

  it('gives the slow-payment advice in the language', () => {
    expect(afterTimeLimit(paymentResult('paid', ar.t), ar.t)).toEqual({
      kind: 'pending',
      title: 'لا تزال عملية الدفع قيد المعالجة.',
      message: 'إذا رُفض الدفع أو تأخّر، فانتظر 10 دقائق وتحقّق من حالة حسابك قبل المحاولة مجددًا.',
    });
  });
});

describe('the legacy form and the purchase errors in each language', () => {
  it('says what is wrong with each field in French and Arabic', () => {
    const blank = { email: 'rana@', name: '', mobile: '' };
    expect(checkCheckout(blank, fr.t).errors).toEqual({
      email: 'Veuillez saisir une adresse e-mail valide',
      name: 'Le nom est obligatoire',
      mobile: 'Le numéro de mobile est obligatoire',
    });
    expect(checkCheckout(blank, ar.t).errors).toEqual({
      email: 'يُرجى إدخال بريد إلكتروني صالح',
      name: 'الاسم مطلوب',
      mobile: 'رقم الهاتف المحمول مطلوب',
    });
  });

  it("puts the language's 'Error:' before the server's words, or the generic text", () => {
    expect(purchaseErrorText(new ApiError(400, 'Forfait introuvable'), fr.t)).toBe(
      'Erreur\u00a0: Forfait introuvable',
    );
    expect(purchaseErrorText(new TypeError('Failed to fetch'), ar.t)).toBe(
      'خطأ: حدث خطأ ما؛ يُرجى المحاولة مجددًا لاحقًا.',
    );
  });

  it('says in the language that the gateway did not open a session', () => {
    const refused = {
      gateway_transaction: { updateStatus: false, sessionid: '' },
      led_payment_gateway_ref: '',
      pricing: { price: 4.3, discount: 0, credit: 0, vat: 0.41, stamps: 0.22, total: 4.3 },
    };
    expect(paymentStart(refused, fr.t)).toEqual({
      ok: false,
      error:
        'Erreur\u00a0: La page de paiement ne peut pas s’ouvrir pour le moment. Rien n’a été débité\u00a0; veuillez réessayer dans un instant.',
    });
  });
});
