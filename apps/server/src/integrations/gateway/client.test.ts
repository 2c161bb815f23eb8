import { describe, expect, it } from 'vitest';
import { nextTransactionId, successfulTransactions } from './client';
import { orderSchema } from './schemas';

const order = (...transactions: [id: string, type: string, result: string][]) =>
  orderSchema.parse({
    id: 'TRN-1',
    amount: 12.99,
    currency: 'USD',
    status: 'AUTHORIZED',
    transaction: transactions.map(([id, type, result]) => ({ result, transaction: { id, type } })),
  });

describe('transaction ids for a capture, void or refund', () => {
  it('starts at 1 on an order with none of that kind', () => {
    expect(nextTransactionId(order(['a1b2', 'AUTHORIZATION', 'SUCCESS']), 'capture')).toBe(
      'capture-1',
    );
  });

  it('never names one the order has used, whatever became of it', () => {
    const tried = order(
      ['a1b2', 'AUTHORIZATION', 'SUCCESS'],
      ['capture-1', 'CAPTURE', 'FAILURE'],
      ['capture-2', 'CAPTURE', 'SUCCESS'],
    );
    expect(nextTransactionId(tried, 'capture')).toBe('capture-3');
    expect(nextTransactionId(tried, 'refund')).toBe('refund-1');
  });

  it('counts only what succeeded as done', () => {
    const tried = order(['capture-1', 'CAPTURE', 'FAILURE'], ['capture-2', 'CAPTURE', 'SUCCESS']);
    expect(successfulTransactions(tried, 'CAPTURE').map((entry) => entry.transaction.id)).toEqual([
      'capture-2',
    ]);
  });
});
