import { breakdownFromTotal } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { pdfMissingGlyphs, pdfText, pdfTextRuns } from '../../../../../e2e/helpers/pdf';
import { type Invoice, renderInvoicePdf } from './invoice-pdf';

const invoiceFor = (buyerName: string, sellerAddress = 'Beirut, Lebanon'): Invoice => ({
  document: { kind: 'invoice' },
  number: 'INV-000042',
  issuedAt: new Date('2026-11-22T10:00:00Z'),
  seller: { name: 'Tern', address: sellerAddress, taxId: '123456' },
  buyer: { name: buyerName, email: 'traveller@example.com' },
  item: { planTitle: '1 GB · 7 days', iccid: '8988', destination: 'Türkiye' },
  amounts: breakdownFromTotal(4.99),
  currency: 'USD',
  paymentReference: 'T-42',
  language: 'en',
});

async function textOf(invoice: Invoice): Promise<string> {
  return pdfText(await renderInvoicePdf(invoice));
}

describe('the invoice PDF', () => {
  it.each([
    ['Turkish', 'Şükrü Gündoğdu'],
    ['Polish', 'Łukasz Żółkiewski'],
    ['Czech', 'Jiří Dvořák'],
    ['Greek', 'Γιώργος Παπαδόπουλος'],
    ['Russian', 'Дмитрий Иванов'],
    ['English, with ligatures', 'Office Fluffy Griffin'],
  ])('writes a %s name as it is spelled', async (_language, name) => {
    expect(await textOf(invoiceFor(name))).toContain(name);
  });

  it('sets Arabic lines in the Arabic face, a number in them drawn left to right', async () => {
    const pdf = await renderInvoicePdf(invoiceFor('رنا حداد', 'شارع الحمراء 78، بيروت'));
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansArabic-Regular/);
    // Glyphs are stored left to right as drawn, so the right-to-left line holds "78" as drawn.
    const drawn = pdfTextRuns(pdf).join('');
    expect(drawn).toContain('78');
    expect(drawn).not.toContain('87');
    // The letters themselves cannot be read back: the face draws letters that differ only by
    // their dots as one shape plus dots, and a PDF maps each shape to one letter. The order of
    // letters and words was checked by eye, rendered with pdftoppm.
    const latinOnly = await renderInvoicePdf(invoiceFor('Rana Haddad'));
    expect(latinOnly.toString('latin1')).not.toContain('NotoSansArabic');
  });

  it('keeps the figures and words of the rest of the invoice', async () => {
    const text = await textOf(invoiceFor('Rana Haddad'));
    for (const expected of [
      'INVOICE',
      'Invoice number: INV-000042',
      'Rana Haddad',
      '1 GB · 7 days',
      'eSIM data plan for Türkiye, quantity 1',
      'USD 4.99',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('the invoice PDF in the buyer’s language', () => {
  it('writes a French buyer’s invoice in French, its date spelled out', async () => {
    const pdf = await renderInvoicePdf({ ...invoiceFor('Rana Haddad'), language: 'fr' });
    const text = await pdfText(pdf);
    for (const expected of [
      'FACTURE',
      'Numéro de facture\u00a0: INV-000042',
      'Date\u00a0: 22 novembre 2026',
      'Facturé à',
      // Issue 26, point 16: no article to guess, and the amount as French writes it.
      'Forfait de données eSIM, destination\u00a0: Türkiye, quantité 1',
      'Sous-total',
      '4,99\u00a0$US',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('INVOICE');
    expect(pdf.toString('latin1')).toContain('/Lang (fr)');
  });

  it('writes an Arabic buyer’s labels in the Arabic face, with Western digits and the amounts as they are', async () => {
    const pdf = await renderInvoicePdf({ ...invoiceFor('Rana Haddad'), language: 'ar' });
    const raw = pdf.toString('latin1');
    // A Latin-named buyer's invoice only holds Arabic letters through its Arabic labels.
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansArabic-Bold/);
    expect(raw).toContain('/Lang (ar)');
    const text = await pdfText(pdf);
    expect(text).toMatch(/\p{Script=Arabic}/u);
    for (const expected of ['INV-000042', 'Rana Haddad', 'USD 4.99', 'T-42', '2026']) {
      expect(text).toContain(expected);
    }
    for (const english of ['INVOICE', 'Invoice number', 'Billed to', 'Subtotal', 'Stamps']) {
      expect(text).not.toContain(english);
    }
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it('keeps the English invoice’s ISO date', async () => {
    expect(await textOf(invoiceFor('Rana Haddad'))).toContain('Date: 2026-11-22');
  });
});

describe('the invoice PDF’s seller, stamps and amounts (issue 26)', () => {
  it('names the seller’s VAT number and says what the stamps are, in English and French', async () => {
    const english = await textOf(invoiceFor('Rana Haddad'));
    expect(english).toContain('VAT number: 123456');
    expect(english).toContain(
      'Stamps: the Lebanese fiscal stamp duty, paid to the state on every sale.',
    );
    const french = await textOf({ ...invoiceFor('Rana Haddad'), language: 'fr' });
    expect(french).toContain('Numéro de TVA\u00a0: 123456');
    expect(french).toContain('droit de timbre fiscal libanais');
  });

  it('prints $1.99 as 1.59 + VAT 0.17 + stamps 0.23', async () => {
    const text = await textOf({ ...invoiceFor('Rana Haddad'), amounts: breakdownFromTotal(1.99) });
    for (const expected of ['Subtotal\n1.59', 'VAT 11%\n0.17', 'Stamps\n0.23', 'USD 1.99']) {
      expect(text).toContain(expected);
    }
  });

  it('draws every letter of the Arabic invoice, the amount column’s header too, in a face that has it', async () => {
    const pdf = await renderInvoicePdf({ ...invoiceFor('رنا حداد'), language: 'ar' });
    expect(pdfMissingGlyphs(pdf)).toBe(0);
  });
});

describe('the credit note PDF', () => {
  const creditNote = (language: Invoice['language']): Invoice => ({
    ...invoiceFor('Rana Haddad'),
    document: { kind: 'credit-note', invoiceNumber: 'INV-000042' },
    number: 'CN-000042',
    language,
  });

  it('is numbered, cancels its invoice and gives every amount back as a negative one', async () => {
    const pdf = await renderInvoicePdf(creditNote('en'));
    const text = pdfText(pdf);
    for (const expected of [
      'CREDIT NOTE',
      'Credit note number: CN-000042',
      'Cancels invoice: INV-000042',
      'Subtotal\n-4.30',
      'VAT 11%\n-0.47',
      'Stamps\n-0.22',
      'USD -4.99',
      'Refunded in full to the card the invoice was paid with.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('INVOICE');
  });

  it('is an avoir in French and a إشعار دائن in Arabic, drawn without a missing glyph', async () => {
    const french = await textOf(creditNote('fr'));
    expect(french).toContain('AVOIR');
    expect(french).toContain('Annule la facture\u00a0: INV-000042');
    expect(french).toContain('-4,99\u00a0$US');
    const arabic = await renderInvoicePdf(creditNote('ar'));
    const text = pdfText(arabic);
    for (const expected of ['CN-000042', 'INV-000042', 'USD -4.99'])
      expect(text).toContain(expected);
    expect(text).not.toContain('CREDIT NOTE');
    expect(pdfMissingGlyphs(arabic)).toBe(0);
  });
});
