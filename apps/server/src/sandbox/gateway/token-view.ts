/**
 * A token row to Retrieve Token's answer (Gateway Tokenization, gw-tokenization:
 * https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/tokenization/gw-tokenization/):
 * the card masked to its last four digits, its brand and scheme, and its expiry (MMYY).
 */
import type { TokenAnswer } from './protocol';
import type { TokenRow } from './repository';

export function tokenAnswer(row: TokenRow): TokenAnswer {
  return {
    result: 'SUCCESS',
    status: 'VALID',
    token: row.token,
    repositoryId: row.merchantId,
    sourceOfFunds: {
      type: 'CARD',
      provided: {
        card: {
          brand: row.brand,
          scheme: row.brand,
          number: row.maskedNumber,
          expiry: row.expiry,
        },
      },
    },
    usage: { lastUpdated: row.createdAt.toISOString() },
  };
}
