import { breakdownFromTotal } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../../../../e2e/helpers/pdf';
import { type Invoice, renderInvoicePdf } from './invoice-pdf';

const invoiceFor = (buyerName: string, sellerAddress = 'Beirut, Lebanon'): Invoice => ({
  number: 'INV-000042',
  issuedAt: new Date('2026-11-22T10:00:00Z'),
  seller: { name: 'Tern', address: sellerAddress, taxId: '123456' },
  buyer: { name: buyerName, email: 'traveller@example.com' },
  item: {
    planName: 'TR-1GB',
    planDescription: 'Türkiye 1GB 7 Days',
    iccid: '8988',
    destination: 'Türkiye',
  },
  amounts: breakdownFromTotal(4.99),
  currency: 'USD',
  paymentReference: 'T-42',
});

async function textOf(invoice: Invoice): Promise<string> {
  return pdfTextRuns(await renderInvoicePdf(invoice)).join('\n');
}

describe('the invoice PDF', () => {
  it.each([
    ['Turkish', 'Şükrü Gündoğdu'],
    ['Polish', 'Łukasz Żółkiewski'],
    ['Czech', 'Jiří Dvořák'],
    ['Greek', 'Γιώργος Παπαδόπουλος'],
    ['Russian', 'Дмитрий Иванов'],
  ])('writes a %s name as it is spelled', async (_language, name) => {
    expect(await textOf(invoiceFor(name))).toContain(name);
  });

  it('sets an Arabic name and address in the embedded Arabic face', async () => {
    const pdf = await renderInvoicePdf(invoiceFor('رنا حداد', 'شارع الحمراء، بيروت'));
    // Only this invoice needs the Arabic face, and pdfkit embeds a font only when it is used.
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansArabic-Regular/);
    const latinOnly = await renderInvoicePdf(invoiceFor('Rana Haddad'));
    expect(latinOnly.toString('latin1')).not.toContain('NotoSansArabic');
    // Shaped and drawn right to left, the glyphs come back out of order and partly as their
    // joined forms, so the reading order was checked by eye (pdftoppm) and with pdftotext.
  });

  it('keeps the figures and words of the rest of the invoice', async () => {
    const text = await textOf(invoiceFor('Rana Haddad'));
    for (const expected of [
      'INVOICE',
      'Invoice number: INV-000042',
      'Rana Haddad',
      'Türkiye 1GB 7 Days',
      'USD 4.99',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
