import { describe, expect, it } from 'vitest';
import { parseCsv, readReport } from './reporting';

describe('the gateway report’s CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks (RFC 4180)', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\r\nlines"\r\nd,,e\r\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\r\nlines'],
      ['d', '', 'e'],
    ]);
  });

  it('reads the rows by their headers, in any order', () => {
    const csv = [
      'order.id,transaction.type,timeOfRecord,transaction.id,transaction.amount,transaction.currency,response.gatewayCode',
      'orphan-1,capture,2025-03-01T10:00:00Z,t1,12.50,USD,approved',
    ].join('\n');
    expect(readReport(csv)).toEqual([
      {
        at: new Date('2025-03-01T10:00:00Z'),
        orderId: 'orphan-1',
        transactionId: 't1',
        type: 'CAPTURE',
        amount: 12.5,
        currency: 'USD',
        gatewayCode: 'APPROVED',
      },
    ]);
  });

  it('refuses a report without a column it needs', () => {
    expect(() => readReport('order.id\norphan-1\n')).toThrow(/no timeOfRecord column/);
  });
});
