/**
 * Draws an invoice as a one-page A4 PDF: who sells, who bought, the plan, the price split
 * into subtotal, VAT and stamps (spec section 9), the total, and the payment reference.
 * Text is set in embedded Noto Sans, whose subsets pdfkit writes into the file: the PDF
 * standard fonts know only Western European letters, and buyers are named in Turkish,
 * Polish, Greek, Russian or Arabic as well.
 */
import { createRequire } from 'node:module';
import { formatAmount, type PriceBreakdown, VAT_RATE } from '@tern/contract';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

export interface Invoice {
  /** e.g. INV-000123. */
  number: string;
  issuedAt: Date;
  seller: { name: string; address: string; taxId: string };
  buyer: { name: string; email: string };
  /** The plan in the shop's words ("1 GB · 7 days"), not the provider's. */
  item: { planTitle: string; iccid: string; destination: string };
  amounts: PriceBreakdown;
  currency: string;
  /** The order's reference at the payment gateway (led_payment_gateway_ref). */
  paymentReference: string;
}

const fontFile = createRequire(import.meta.url).resolve;
const FONT_FILES = {
  /** Latin, Greek and Cyrillic. */
  'sans-regular': fontFile('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  'sans-bold': fontFile('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  /** Arabic script, with the basic Latin letters, digits and signs as well. */
  'arabic-regular': fontFile(
    '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  ),
  'arabic-bold': fontFile('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
};
type FontName = keyof typeof FONT_FILES;

let parsedFonts: Record<FontName, fontkit.Font> | undefined;

/**
 * Makes the fonts known to `doc`. fontkit parses a font's tables once per process, on the
 * first invoice: parsing them again for every document cost about 100 ms of CPU each time.
 */
function registerFonts(doc: PDFKit.PDFDocument): void {
  parsedFonts ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, fontkit.openSync(file)]),
  ) as Record<FontName, fontkit.Font>;
  for (const [name, font] of Object.entries(parsedFonts)) {
    // pdfkit takes a fontkit font as it is; its types only know files and buffers.
    doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
  }
}

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/** Sets the font for `text`: the Arabic face when it holds Arabic letters, else Noto Sans. */
function useFont(doc: PDFKit.PDFDocument, weight: 'regular' | 'bold', text = '') {
  return doc.font(`${ARABIC_SCRIPT.test(text) ? 'arabic' : 'sans'}-${weight}` satisfies FontName);
}

/**
 * A short line such as a name, ready for pdfkit, which has no bidirectional layout: it sets
 * the words of a line left to right, while fontkit turns each word of Arabic letters right to
 * left. Joined by no-break spaces, a line all in Arabic script is one word that fontkit turns
 * whole, so its words read right to left too; its numbers, which read left to right inside
 * it, are turned beforehand so that they come out right. A line with Latin letters stays as it is.
 */
function inReadingOrder(text: string): string {
  if (!ARABIC_SCRIPT.test(text) || /[A-Za-z]/.test(text)) return text;
  return text
    .trim()
    .replace(/\s+/g, '\u00a0')
    .replace(/[0-9\u0660-\u0669]+/g, (digits) => [...digits].reverse().join(''));
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
  registerFonts(doc);
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
  useFont(doc, 'bold', seller.name).fontSize(20).text(inReadingOrder(seller.name));
  useFont(doc, 'regular', seller.address)
    .fontSize(10)
    .fillColor(MUTED)
    .text(inReadingOrder(seller.address));
  if (seller.taxId) useFont(doc, 'regular', seller.taxId).text(`Tax ID: ${seller.taxId}`);
  doc.fillColor('black').moveDown(1.5);
  useFont(doc, 'bold').fontSize(16).text('INVOICE');
  useFont(doc, 'regular').fontSize(10);
  doc.text(`Invoice number: ${invoice.number}`);
  doc.text(`Date: ${isoDate(invoice.issuedAt)}`);
  doc.moveDown();
}

function drawParties(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  const { name, email } = invoice.buyer;
  useFont(doc, 'bold').text('Billed to');
  useFont(doc, 'regular', name).text(inReadingOrder(name));
  useFont(doc, 'regular', email).text(email);
  doc.moveDown(1.5);
}

function drawItem(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  const { item } = invoice;
  const width = contentWidth(doc) - AMOUNT_COLUMN_WIDTH;
  useFont(doc, 'bold');
  row(doc, 'Description', `Amount (${invoice.currency})`);
  rule(doc);
  const top = doc.y;
  useFont(doc, 'regular', item.planTitle).text(item.planTitle, MARGIN, top, { width });
  const plan = `eSIM data plan for ${item.destination}, quantity 1`;
  useFont(doc, 'regular', plan).fillColor(MUTED).fontSize(9).text(plan, { width });
  useFont(doc, 'regular').text(`eSIM ICCID ${item.iccid}`, { width });
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
  useFont(doc, 'regular');
  row(doc, 'Subtotal', formatAmount(amounts.subtotal));
  row(doc, `VAT ${Math.round(VAT_RATE * 100)}%`, formatAmount(amounts.vat));
  row(doc, 'Stamps', formatAmount(amounts.stamps));
  rule(doc);
  useFont(doc, 'bold');
  row(doc, `Total (${currency})`, `${currency} ${formatAmount(amounts.total)}`);
  useFont(doc, 'regular').moveDown(1.5);
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
