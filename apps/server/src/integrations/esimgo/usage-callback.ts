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

/** An ICCID has 19 to 22 digits; room to spare, far from what an index or a log minds. */
const MAX_ICCID = 32;
/** Bundle names ("esim_1GB_7D_FR_V2"), assignment ids and references are short. */
const MAX_SHORT_TEXT = 200;
const MAX_DESCRIPTION = 2000;

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
  // Every text is bounded: a callback is stored and logged, and its bundle name is indexed.
  iccid: z.string().min(1).max(MAX_ICCID),
  alertType: z.string().min(1).max(MAX_SHORT_TEXT),
  bundle: z.looseObject({
    /** The assignment's id (V3), as GET /esims/{iccid}/bundles names it; absent on one page. */
    id: z
      .union([z.string().max(MAX_SHORT_TEXT), z.number()])
      .transform(String)
      .optional(),
    reference: z.string().max(MAX_SHORT_TEXT).optional(),
    name: z.string().min(1).max(MAX_SHORT_TEXT),
    description: z.string().max(MAX_DESCRIPTION).optional(),
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
