/**
 * The order reference the buyer and the gateway see: `TRN-` and 16 base32 letters.
 * (Gateway transaction ids are counted from the gateway's own order instead:
 * nextTransactionId in integrations/gateway/client.ts.)
 */
import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * 80 random bits: unguessable, so knowing one reference says nothing about another buyer's,
 * and short enough for a support call.
 */
export function newOrderReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let letters = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      letters += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `TRN-${letters}`;
}
