import { describe, expect, it } from 'vitest';
import { invoiceFileName, qrFileName } from './file-names';

describe('qrFileName', () => {
  it('names the QR code by its ICCID', () => {
    expect(qrFileName('8944500102198304826')).toBe('8944500102198304826.png');
  });

  it('never lets a name escape its folder or come out empty', () => {
    expect(qrFileName('../../etc/passwd')).toBe('etc-passwd.png');
    expect(qrFileName('  ')).toBe('esim-qr-code.png');
  });
});

describe('invoiceFileName', () => {
  it('names the PDF by the invoice number', () => {
    expect(invoiceFileName('INV-000123')).toBe('INV-000123.pdf');
    expect(invoiceFileName(42)).toBe('42.pdf');
  });

  it('replaces characters that file systems refuse', () => {
    expect(invoiceFileName('2026/01: 7')).toBe('2026-01-7.pdf');
    expect(invoiceFileName('')).toBe('invoice.pdf');
  });
});
