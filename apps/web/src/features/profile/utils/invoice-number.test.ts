import { describe, expect, it } from 'vitest';
import { invoiceNumber } from './invoice-number';

describe('invoiceNumber', () => {
  it('pads the ledger id to six digits after INV-', () => {
    expect(invoiceNumber({ led_id: 123 })).toBe('INV-000123');
    expect(invoiceNumber({ led_id: 1 })).toBe('INV-000001');
  });

  it('keeps longer ids whole', () => {
    expect(invoiceNumber({ led_id: 12_345_678 })).toBe('INV-12345678');
  });
});
