import { breakdownFromTotal } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { pdfText, pdfTextRuns } from '../../../../../e2e/helpers/pdf';
import { type Invoice, renderInvoicePdf } from './invoice-pdf';

const invoiceFor = (buyerName: string, sellerAddress = 'Beirut, Lebanon'): Invoice => ({
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
      'Forfait de données eSIM pour Türkiye, quantité 1',
      'Sous-total',
      'USD 4.99',
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
