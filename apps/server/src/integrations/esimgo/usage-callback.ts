/**
 * eSIM Go's usage callback (V3), as the shop receives it: the body's shape, and the check of its
 * X-Signature-SHA256 header, an HMAC-SHA256 of the raw body keyed with the account's API key.
 * The guide shows the digest in hex (https://docs.esim-go.com/guides/webhooks/), the API page in
 * base64 (https://docs.esim-go.com/api/v2_4/operations/your-usage-callback-url): both are taken.
 * The body is checked as it came, before any parsing, and compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { providerInstantSchema } from './schemas';

export const USAGE_CALLBACK_SIGNATURE_HEADER = 'x-signature-sha256';

/** Whether `signature` is the HMAC-SHA256 of `rawBody` under `apiKey`, in hex or base64. */
export function isSignedCallback(
  rawBody: Buffer | string,
  signature: string | undefined,
  apiKey: string,
): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', apiKey).update(rawBody).digest();
  const given = decodeDigest(signature.trim());
  return (
    given !== undefined && given.length === expected.length && timingSafeEqual(given, expected)
  );
}

/** A 32-byte digest written in hex (64 characters) or base64 (44 with padding, 43 without). */
function decodeDigest(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) return Buffer.from(text, 'base64');
  return undefined;
}

/**
 * The Utilisation callback's body. V3's page shows the bundle with `id` and `reference`
 * (https://docs.esim-go.com/api/v2_4/operations/your-usage-callback-url); the Notifications page
 * without them (https://docs.esim-go.com/api/notifications/operations/utilisation): both are
 * read, since eSIM Go does not send a refused callback again. Open to fields eSIM Go may add
 * (a `unit`, say); times are normalised to ISO 8601 like the API's.
 */
export const usageCallbackSchema = z.looseObject({
  iccid: z.string().min(1),
  alertType: z.string().min(1),
  bundle: z.looseObject({
    /** The assignment's id (V3), as GET /esims/{iccid}/bundles names it; absent on one page. */
    id: z.union([z.string(), z.number()]).transform(String).optional(),
    reference: z.string().optional(),
    name: z.string().min(1),
    description: z.string().optional(),
    /** Bytes. */
    initialQuantity: z.number(),
    /** Bytes. */
    remainingQuantity: z.number(),
    startTime: providerInstantSchema,
    endTime: providerInstantSchema,
    unlimited: z.boolean().default(false),
  }),
});
export type UsageCallback = z.infer<typeof usageCallbackSchema>;
