/**
 * Draws an invoice as a one-page A4 PDF: who sells (with its VAT number), who bought, the plan,
 * the price split into subtotal, VAT and stamps (spec section 9), the total, and the payment
 * reference. A refunded invoice's credit note is the same page with its own number, the
 * invoice it cancels, and every amount negative (decision 0030).
 * Text is set in embedded Noto Sans, whose subsets pdfkit writes into the file: the PDF
 * standard fonts know only Western European letters, and buyers are named in Turkish,
 * Polish, Greek, Russian or Arabic as well. The labels are in the buyer's language
 * (invoice-texts.ts); an Arabic invoice sets them right to left, its amounts in the left column.
 */
import { createRequire } from 'node:module';
import {
  directionOf,
  formatAmount,
  type Language,
  type PriceBreakdown,
  VAT_RATE,
} from '@tern/contract';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { bytesOffLoop } from '../../lib/off-loop';
import { type InvoiceTexts, invoiceDate, invoiceTexts } from './invoice-texts';

/** An invoice, or the credit note that cancels one when its order is refunded. */
export type InvoiceDocument = { kind: 'invoice' } | { kind: 'credit-note'; invoiceNumber: string };

export interface Invoice {
  document: InvoiceDocument;
  /** e.g. INV-000123, or CN-000123 for a credit note. */
  number: string;
  /** The invoice's booking, or the refund for a credit note. */
  issuedAt: Date;
  seller: { name: string; address: string; taxId: string };
  buyer: { name: string; email: string };
  /** The plan and destination in the shop's words and the invoice's language ("1 Go · 7 jours"). */
  item: { planTitle: string; iccid: string; destination: string };
  /** The split of what the card paid. */
  amounts: PriceBreakdown;
  /**
   * What was taken off the plan's price before the card paid (issue 31): a promo code's
   * discount, then store credit. Absent when the card paid the whole price.
   */
  offPrice?: { price: number; discount: number; credit: number } | undefined;
  currency: string;
  /** The order's reference at the payment gateway (led_payment_gateway_ref). */
  paymentReference: string;
  /** The buyer's language, which the labels and the date are written in. */
  language: Language;
}

/** What drawing needs besides the invoice: its words and which way they read. */
interface Layout {
  texts: InvoiceTexts;
  language: Language;
  rtl: boolean;
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

/**
 * The invoice as PDF bytes, drawn in a worker thread: 30–45 ms of CPU per invoice would
 * otherwise hold every other request, cached catalogue answers too (lib/off-loop.ts).
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  return bytesOffLoop(import.meta.url, drawInvoicePdf.name, [invoice]);
}

/** Draws the invoice in the calling thread (the worker's side of renderInvoicePdf). */
export function drawInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const layout: Layout = {
    texts: invoiceTexts[invoice.language],
    language: invoice.language,
    rtl: directionOf(invoice.language) === 'rtl',
  };
  const credit = invoice.document.kind === 'credit-note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: invoice.language,
    info: {
      Title: `${credit ? layout.texts.creditNoteTitle : layout.texts.title} ${invoice.number}`,
      Author: invoice.seller.name,
      CreationDate: invoice.issuedAt,
    },
  });
  const done = collect(doc);
  registerFonts(doc);
  drawHeader(doc, invoice, layout);
  drawParties(doc, invoice, layout);
  drawItem(doc, invoice, layout);
  drawTotals(doc, invoice, layout);
  drawFooter(doc, invoice, layout);
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

function drawHeader(doc: PDFKit.PDFDocument, invoice: Invoice, layout: Layout): void {
  const { seller, document } = invoice;
  const { texts } = layout;
  const credit = document.kind === 'credit-note';
  useFont(doc, 'bold', seller.name).fontSize(20).text(inReadingOrder(seller.name));
  useFont(doc, 'regular', seller.address)
    .fontSize(10)
    .fillColor(MUTED)
    .text(inReadingOrder(seller.address));
  if (seller.taxId) labelled(doc, layout, 'regular', texts.taxId, seller.taxId);
  doc.fillColor('black').moveDown(1.5);
  doc.fontSize(16);
  line(doc, layout, 'bold', credit ? texts.creditNoteHeading : texts.heading);
  doc.fontSize(10);
  const numberLabel = credit ? texts.creditNoteNumber : texts.invoiceNumber;
  labelled(doc, layout, 'regular', numberLabel, invoice.number);
  if (document.kind === 'credit-note') {
    labelled(doc, layout, 'regular', texts.cancelsInvoice, document.invoiceNumber);
  }
  labelled(doc, layout, 'regular', texts.date, invoiceDate(invoice.issuedAt, layout.language));
  doc.moveDown();
}

function drawParties(doc: PDFKit.PDFDocument, invoice: Invoice, layout: Layout): void {
  const { name, email } = invoice.buyer;
  line(doc, layout, 'bold', layout.texts.billedTo);
  line(doc, layout, 'regular', name);
  line(doc, layout, 'regular', email);
  doc.moveDown(1.5);
}

function drawItem(doc: PDFKit.PDFDocument, invoice: Invoice, layout: Layout): void {
  const { item } = invoice;
  const { texts, rtl } = layout;
  const width = contentWidth(doc) - AMOUNT_COLUMN_WIDTH;
  const textLeft = rtl ? MARGIN + AMOUNT_COLUMN_WIDTH : MARGIN;
  const align = rtl ? 'right' : 'left';
  row(doc, layout, 'bold', texts.description, texts.amount(invoice.currency));
  rule(doc);
  const top = doc.y;
  useFont(doc, 'regular', item.planTitle).text(inReadingOrder(item.planTitle), textLeft, top, {
    width,
    align,
  });
  doc.fillColor(MUTED).fontSize(9);
  if (rtl) {
    // The Arabic words and the destination's name are drawn as two runs, right to left.
    labelledAt(doc, 'regular', texts.planFor(item.destination), item.destination, textLeft, width);
    labelledAt(doc, 'regular', texts.iccid, item.iccid, textLeft, width);
  } else {
    const plan = texts.planFor(item.destination);
    useFont(doc, 'regular', plan).text(plan, textLeft, doc.y, { width });
    useFont(doc, 'regular').text(`${texts.iccid} ${item.iccid}`, { width });
  }
  const bottom = doc.y;
  doc.fillColor('black').fontSize(10);
  useFont(doc, 'regular').text(
    signedAmount(invoice, invoice.amounts.subtotal),
    rtl ? MARGIN : MARGIN + width,
    top,
    { width: AMOUNT_COLUMN_WIDTH, align: rtl ? 'left' : 'right' },
  );
  doc.x = MARGIN;
  doc.y = bottom;
  doc.moveDown();
  rule(doc);
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: Invoice, layout: Layout): void {
  const { amounts, currency } = invoice;
  const { texts } = layout;
  const amount = (value: number) => signedAmount(invoice, value);
  const { offPrice } = invoice;
  if (offPrice) {
    row(doc, layout, 'regular', texts.planPrice, amount(offPrice.price));
    if (offPrice.discount > 0)
      row(doc, layout, 'regular', texts.discount, takenOff(invoice, offPrice.discount));
    if (offPrice.credit > 0)
      row(doc, layout, 'regular', texts.creditUsed, takenOff(invoice, offPrice.credit));
    rule(doc);
  }
  row(doc, layout, 'regular', texts.subtotal, amount(amounts.subtotal));
  row(doc, layout, 'regular', texts.vat(Math.round(VAT_RATE * 100)), amount(amounts.vat));
  row(doc, layout, 'regular', texts.stamps, amount(amounts.stamps));
  rule(doc);
  row(
    doc,
    layout,
    'bold',
    texts.total(currency),
    totalWithCurrency(invoice, amount(amounts.total)),
  );
  useFont(doc, 'regular').moveDown(1.5);
}

function drawFooter(doc: PDFKit.PDFDocument, invoice: Invoice, layout: Layout): void {
  const { texts } = layout;
  doc.fontSize(9).fillColor(MUTED);
  labelled(doc, layout, 'regular', texts.paymentReference, invoice.paymentReference);
  const notes = [texts.pricesInclude, texts.stampsNote];
  const credit = (invoice.offPrice?.credit ?? 0) > 0;
  if (credit) notes.unshift(texts.creditNote);
  if (invoice.document.kind === 'credit-note') {
    notes.unshift(credit ? texts.refundedWithCredit : texts.refunded);
  }
  for (const note of notes) {
    // An Arabic line is one unbreakable run (see inReadingOrder): one sentence per line.
    const sentences = layout.rtl ? note.split(/(?<=\.) /) : [note];
    for (const sentence of sentences) line(doc, layout, 'regular', sentence);
  }
  doc.fillColor('black');
}

/**
 * An amount as printed: as it is on an invoice, negative on a credit note ('-4.30'); with a
 * decimal comma in French ('4,30'), Western digits elsewhere as Lebanese readers expect.
 */
function signedAmount(invoice: Invoice, amount: number): string {
  const figure = formatAmount(amount);
  const written = invoice.language === 'fr' ? figure.replace('.', ',') : figure;
  return invoice.document.kind === 'credit-note' && amount !== 0 ? `-${written}` : written;
}

/** The total with its currency as the language writes it: 'USD 4.99', '4,99 $US'. */
function totalWithCurrency(invoice: Invoice, written: string): string {
  if (invoice.language !== 'fr') return `${invoice.currency} ${written}`;
  return `${written}\u00a0${invoice.currency === 'USD' ? '$US' : invoice.currency}`;
}

/** One line of text across the page, from the right for a right-to-left invoice. */
function line(
  doc: PDFKit.PDFDocument,
  layout: Layout,
  weight: 'regular' | 'bold',
  text: string,
): void {
  useFont(doc, weight, text).text(inReadingOrder(text), MARGIN, doc.y, {
    width: contentWidth(doc),
    align: layout.rtl ? 'right' : 'left',
  });
}

/**
 * A label and its value ('Invoice number: INV-000042'). Right to left, the label is drawn at
 * the right and the value before it, as two runs: one line mixing Arabic and Latin would come
 * out in the wrong order.
 */
function labelled(
  doc: PDFKit.PDFDocument,
  layout: Layout,
  weight: 'regular' | 'bold',
  label: string,
  value: string,
): void {
  if (layout.rtl) {
    labelledAt(doc, weight, label, value, MARGIN, contentWidth(doc));
    return;
  }
  const colon = layout.language === 'fr' ? '\u00a0:' : ':';
  useFont(doc, weight, value).text(`${label}${colon} ${value}`, MARGIN, doc.y, {
    width: contentWidth(doc),
  });
}

/** Right to left: an Arabic label ending at the right edge, its value just before it. */
function labelledAt(
  doc: PDFKit.PDFDocument,
  weight: 'regular' | 'bold',
  label: string,
  value: string,
  left: number,
  width: number,
): void {
  const top = doc.y;
  const drawnLabel = `${inReadingOrder(label)}:`;
  useFont(doc, weight, label);
  const labelWidth = doc.widthOfString(drawnLabel);
  doc.text(drawnLabel, left, top, { width, align: 'right' });
  const after = doc.y;
  useFont(doc, weight, value).text(inReadingOrder(value), left, top, {
    width: width - labelWidth - 4,
    align: 'right',
  });
  doc.x = MARGIN;
  doc.y = Math.max(after, doc.y);
}

/**
 * A label and an amount on one line: the label on the left and the amount on the right, or
 * the other way round for a right-to-left invoice.
 */
function row(
  doc: PDFKit.PDFDocument,
  layout: Layout,
  weight: 'regular' | 'bold',
  label: string,
  amount: string,
): void {
  const top = doc.y;
  const width = contentWidth(doc);
  const labelWidth = width - AMOUNT_COLUMN_WIDTH;
  const { rtl } = layout;
  useFont(doc, weight, label).text(
    inReadingOrder(label),
    rtl ? MARGIN + AMOUNT_COLUMN_WIDTH : MARGIN,
    top,
    {
      width: labelWidth,
      align: rtl ? 'right' : 'left',
    },
  );
  const after = doc.y;
  // The amount column's header is words ("المبلغ بالدولار الأميركي"): its face follows its script.
  useFont(doc, weight, amount).text(
    inReadingOrder(amount),
    rtl ? MARGIN : MARGIN + labelWidth,
    top,
    {
      width: AMOUNT_COLUMN_WIDTH,
      align: rtl ? 'left' : 'right',
    },
  );
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

/** Taken off the price: with a minus on the invoice, without one on its credit note. */
function takenOff(invoice: Invoice, value: number): string {
  const written = signedAmount(invoice, value);
  return written.startsWith('-') ? written.slice(1) : `-${written}`;
}
