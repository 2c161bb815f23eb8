import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSignedCallback, usageCallbackSchema } from './usage-callback';

const apiKey = 'test-api-key';
const body = JSON.stringify({
  iccid: '8944000000000000017',
  alertType: 'Utilisation',
  bundle: {
    id: '42',
    name: 'esim_1GB_7D_FR_V2',
    initialQuantity: 1_000_000_000,
    remainingQuantity: 200_000_000,
    startTime: '2030-01-01T00:01:00Z',
    endTime: '2030-01-08T00:01:00Z',
    unlimited: false,
  },
});
const hmac = (text: string, key = apiKey) => createHmac('sha256', key).update(text);

describe('isSignedCallback', () => {
  it('accepts the signature in base64, as the API page shows it', () => {
    expect(isSignedCallback(body, hmac(body).digest('base64'), apiKey)).toBe(true);
  });

  it('accepts the signature in hex, as the webhooks guide shows it, in either case', () => {
    expect(isSignedCallback(Buffer.from(body), hmac(body).digest('hex'), apiKey)).toBe(true);
    expect(isSignedCallback(body, hmac(body).digest('hex').toUpperCase(), apiKey)).toBe(true);
  });

  it('refuses a body changed after signing', () => {
    const signature = hmac(body).digest('base64');
    expect(isSignedCallback(body.replace('200000000', '900000000'), signature, apiKey)).toBe(false);
  });

  it('refuses a signature made with another key', () => {
    expect(isSignedCallback(body, hmac(body, 'someone-else').digest('base64'), apiKey)).toBe(false);
  });

  it('refuses a missing, empty or malformed signature', () => {
    expect(isSignedCallback(body, undefined, apiKey)).toBe(false);
    expect(isSignedCallback(body, '', apiKey)).toBe(false);
    expect(isSignedCallback(body, 'not-a-signature', apiKey)).toBe(false);
    expect(isSignedCallback(body, hmac(body).digest('hex').slice(0, 40), apiKey)).toBe(false);
  });
});

describe('usageCallbackSchema', () => {
  it('reads the V3 body, with the assignment id as text and times in ISO 8601', () => {
    const parsed = usageCallbackSchema.parse({
      ...JSON.parse(body),
      bundle: { ...JSON.parse(body).bundle, id: 42 },
    });
    expect(parsed.bundle).toMatchObject({ id: '42', startTime: '2030-01-01T00:01:00.000Z' });
  });
});
