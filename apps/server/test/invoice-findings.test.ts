/**
 * Issue 26, points 5 and 10, through the API: an invoice names the seller's VAT number, says
 * what the stamps are and prints VAT as 11% of its subtotal; a refunded purchase gets a credit
 * note (CN-…) that cancels its invoice with negative amounts; French and Arabic invoices name
 * the plan and the country in their language, and the Arabic one draws every letter.
 */
import {
  breakdownFromTotal,
  formatAmount,
  type LedgerPage,
  type Plan,
  type ProfileLedgerEntry,
  profileApiPaths,
  profileMessages,
  refundApiPaths,
} from '@tern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfMissingGlyphs, pdfText } from '../../../e2e/helpers/pdf';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import type { TestApp } from './helpers/test-app';
import { createTestApp } from './helpers/test-app';
import { type Buyer, bearer, buy, ORDERS_TEST_ENVIRONMENT, planIn, signIn } from './orders-kit';

const SELLER = { name: 'Tern Travel SAL', taxId: '601-4455667' };

let shop: TestApp;
let buyer: Buyer;
let plan: Plan;
let kept: ProfileLedgerEntry;
let refunded: ProfileLedgerEntry;

beforeAll(async () => {
  shop = await createTestApp({
    ...ORDERS_TEST_ENVIRONMENT,
    SELLER_NAME: SELLER.name,
    SELLER_TAX_ID: SELLER.taxId,
  });
  await syncAppCatalogue(shop.app);
  buyer = await signIn(shop, 'Rana Haddad');
  plan = await planIn(shop, 'DE');
  const first = await buy(shop, buyer, plan);
  const second = await buy(shop, buyer, plan);
  const refund = await shop.request({
    method: 'POST',
    url: refundApiPaths.esimRefund.href(second.answer.iccid ?? ''),
    headers: bearer(buyer),
  });
  expect(refund.statusCode, refund.body).toBe(200);
  const entries = (await ledger()).data;
  kept = entryOf(entries, first.reference);
  refunded = entryOf(entries, second.reference);
  // Two purchases and a refund: over a minute on a loaded machine.
}, 180_000);
afterAll(async () => shop?.close());

async function ledger(): Promise<LedgerPage> {
  const response = await shop.request({
    method: 'GET',
    url: profileApiPaths.ledger.href(buyer.email),
    headers: bearer(buyer),
  });
  return response.json() as LedgerPage;
}

function entryOf(entries: ProfileLedgerEntry[], reference: string): ProfileLedgerEntry {
  const entry = entries.find((candidate) => candidate.led_payment_gateway_ref === reference);
  if (!entry) throw new Error(`No ledger entry for ${reference}`);
  return entry;
}

const padded = (id: number) => String(id).padStart(6, '0');

function download(path: string, language?: 'en' | 'fr' | 'ar') {
  return shop.request({
    method: 'GET',
    url: language ? `${path}?lang=${language}` : path,
    headers: bearer(buyer),
  });
}

describe('the invoice', () => {
  it('names the seller’s VAT number, explains the stamps and prints VAT as 11% of its subtotal', async () => {
    const response = await download(profileApiPaths.invoicePdf.href(kept.led_id), 'en');
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    const parts = breakdownFromTotal(kept.led_enduser_price);
    // 11% of the subtotal in cents, rounded half up.
    const subtotalCents = Math.round(parts.subtotal * 100);
    expect(Math.floor((subtotalCents * 11 + 50) / 100)).toBe(Math.round(parts.vat * 100));
    for (const expected of [
      SELLER.name,
      `VAT number: ${SELLER.taxId}`,
      `Subtotal\n${formatAmount(parts.subtotal)}`,
      `VAT 11%\n${formatAmount(parts.vat)}`,
      `Stamps\n${formatAmount(parts.stamps)}`,
      'Stamps: the Lebanese fiscal stamp duty',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('names the plan and the country in French', async () => {
    const response = await download(profileApiPaths.invoicePdf.href(kept.led_id), 'fr');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Numéro de TVA\u00a0: 601-4455667');
    expect(text).toContain('destination\u00a0: Allemagne');
    expect(text).not.toContain('pour Allemagne');
    // Amounts as French writes them: a decimal comma, the currency after ('4,99 $US').
    expect(text).toMatch(/\d+,\d{2}\u00a0\$US/);
    expect(text).not.toMatch(/USD \d/);
    expect(text).toMatch(/\d+(,\d+)?\u00a0(Go|Mo) · \d+\u00a0jours?/);
    expect(text).not.toContain('Germany');
    expect(text).not.toContain(kept.led_pla_title);
  });

  it('names them in Arabic, and draws every letter of it', async () => {
    const response = await download(profileApiPaths.invoicePdf.href(kept.led_id), 'ar');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(SELLER.taxId);
    expect(text).not.toContain('Germany');
    expect(text).not.toMatch(/\b(GB|MB|days?)\b/);
    expect(pdfMissingGlyphs(response.rawPayload)).toBe(0);
  });
});

describe('the credit note of a refunded purchase', () => {
  it('is numbered, cancels its invoice and gives every amount back negative', async () => {
    const path = profileApiPaths.creditNotePdf.href(refunded.led_id);
    const response = await download(path, 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const number = `CN-${padded(refunded.led_id)}`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    const text = pdfText(response.rawPayload);
    const parts = breakdownFromTotal(refunded.led_enduser_price);
    for (const expected of [
      'CREDIT NOTE',
      `Credit note number: ${number}`,
      `Cancels invoice: INV-${padded(refunded.led_id)}`,
      `Date: ${refunded.led_refunded_at?.slice(0, 10)}`,
      `VAT number: ${SELLER.taxId}`,
      `Subtotal\n-${formatAmount(parts.subtotal)}`,
      `VAT 11%\n-${formatAmount(parts.vat)}`,
      `Stamps\n-${formatAmount(parts.stamps)}`,
      `USD -${formatAmount(parts.total)}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is an avoir in French and has its Arabic letters drawn in Arabic', async () => {
    const path = profileApiPaths.creditNotePdf.href(refunded.led_id);
    const french = pdfText((await download(path, 'fr')).rawPayload);
    expect(french).toContain('AVOIR');
    expect(french).toContain(`Annule la facture\u00a0: INV-${padded(refunded.led_id)}`);
    expect(french).toContain('Remboursé en totalité');
    const arabic = (await download(path, 'ar')).rawPayload;
    expect(pdfText(arabic)).toContain(`CN-${padded(refunded.led_id)}`);
    expect(pdfText(arabic)).not.toContain('CREDIT NOTE');
    expect(pdfMissingGlyphs(arabic)).toBe(0);
  });

  it('does not exist for an invoice that stands, nor for another buyer', async () => {
    const standing = await download(profileApiPaths.creditNotePdf.href(kept.led_id));
    expect(standing.statusCode).toBe(404);
    expect(standing.json()).toMatchObject({ message: profileMessages.creditNoteNotFound });
    const stranger = await signIn(shop, 'Karim Nasser');
    const theirs = await shop.request({
      method: 'GET',
      url: profileApiPaths.creditNotePdf.href(refunded.led_id),
      headers: bearer(stranger),
    });
    expect(theirs.statusCode).toBe(404);
  });
});
