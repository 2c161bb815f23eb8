// Names of the files the profile saves: a QR code by its eSIM's ICCID, an invoice by its number.

/** Keeps letters, digits, dot, dash and underscore, so the name is safe on every system. */
function safePart(text: string, fallback: string): string {
  const cleaned = text
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return cleaned || fallback;
}

/** '8944500102198304826.png' */
export function qrFileName(iccid: string): string {
  return `${safePart(iccid, 'esim-qr-code')}.png`;
}

/** 'INV-000123.pdf' */
export function invoiceFileName(invoiceNumber: string | number): string {
  return `${safePart(String(invoiceNumber), 'invoice')}.pdf`;
}
