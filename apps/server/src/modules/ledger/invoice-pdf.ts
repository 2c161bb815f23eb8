/**
 * Draws an invoice as a one-page A4 PDF: who sells, who bought, the plan, the price split
 * into subtotal, VAT and stamps (spec section 9), the total, and the payment reference.
 */
import { formatAmount, type PriceBreakdown, VAT_RATE } from '@tern/contract';
import PDFDocument from 'pdfkit';

export interface Invoice {
  /** e.g. INV-000123. */
  number: string;
  issuedAt: Date;
  seller: { name: string; address: string; taxId: string };
  buyer: { name: string; email: string };
  item: { planName: string; planDescription: string; iccid: string; destination: string };
  amounts: PriceBreakdown;
  currency: string;
  /** The order's reference at the payment gateway (led_payment_gateway_ref). */
  paymentReference: string;
}

const MARGIN = 56;
const AMOUNT_COLUMN_WIDTH = 120;
const MUTED = '#555555';

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: invoice.seller.name,
      CreationDate: invoice.issuedAt,
    },
  });
  const done = collect(doc);
  drawHeader(doc, invoice);
  drawParties(doc, invoice);
  drawItem(doc, invoice);
  drawTotals(doc, invoice);
  drawFooter(doc, invoice);
  doc.end();
  return done;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function drawHeader(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  const { seller } = invoice;
  doc.font('Helvetica-Bold').fontSize(20).text(seller.name);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(seller.address);
  if (seller.taxId) doc.text(`Tax ID: ${seller.taxId}`);
  doc.fillColor('black').moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text('INVOICE');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Invoice number: ${invoice.number}`);
  doc.text(`Date: ${isoDate(invoice.issuedAt)}`);
  doc.moveDown();
}

function drawParties(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica').text(invoice.buyer.name).text(invoice.buyer.email);
  doc.moveDown(1.5);
}

function drawItem(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  const { item } = invoice;
  const width = contentWidth(doc) - AMOUNT_COLUMN_WIDTH;
  doc.font('Helvetica-Bold');
  row(doc, 'Description', `Amount (${invoice.currency})`);
  rule(doc);
  const top = doc.y;
  doc.font('Helvetica').text(item.planDescription, MARGIN, top, { width });
  doc.fillColor(MUTED).fontSize(9);
  doc.text(`Plan ${item.planName}, ${item.destination}, quantity 1`, { width });
  doc.text(`eSIM ICCID ${item.iccid}`, { width });
  const bottom = doc.y;
  doc.fillColor('black').fontSize(10);
  doc.text(formatAmount(invoice.amounts.subtotal), MARGIN + width, top, {
    width: AMOUNT_COLUMN_WIDTH,
    align: 'right',
  });
  doc.x = MARGIN;
  doc.y = bottom;
  doc.moveDown();
  rule(doc);
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  const { amounts, currency } = invoice;
  doc.font('Helvetica');
  row(doc, 'Subtotal', formatAmount(amounts.subtotal));
  row(doc, `VAT ${Math.round(VAT_RATE * 100)}%`, formatAmount(amounts.vat));
  row(doc, 'Stamps', formatAmount(amounts.stamps));
  rule(doc);
  doc.font('Helvetica-Bold');
  row(doc, `Total (${currency})`, `${currency} ${formatAmount(amounts.total)}`);
  doc.font('Helvetica').moveDown(1.5);
}

function drawFooter(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  doc.fontSize(9).fillColor(MUTED);
  doc.text(`Paid by card. Payment reference: ${invoice.paymentReference}`);
  doc.text('Prices include VAT and stamps. Bundles are one-time purchases with no auto-renew.');
  doc.fillColor('black');
}

/** A label on the left and an amount on the right, on one line. */
function row(doc: PDFKit.PDFDocument, label: string, amount: string): void {
  const top = doc.y;
  const width = contentWidth(doc);
  doc.text(label, MARGIN, top, { width: width - AMOUNT_COLUMN_WIDTH });
  const after = doc.y;
  doc.text(amount, MARGIN + width - AMOUNT_COLUMN_WIDTH, top, {
    width: AMOUNT_COLUMN_WIDTH,
    align: 'right',
  });
  doc.x = MARGIN;
  doc.y = Math.max(after, doc.y) + 4;
}

function rule(doc: PDFKit.PDFDocument): void {
  const y = doc.y;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y = y + 6;
}

function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - 2 * MARGIN;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
