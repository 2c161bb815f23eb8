/**
 * Usage alerts (issue 16): where eSIM Go's usage callbacks reach the shop, what the shop
 * answers them, and the words of a refused one. eSIM Go calls this path from its servers, so
 * it sits outside /api (whose state-changing calls need the browser's anti-forgery header) and
 * proves itself with its signature instead, as the gateway's webhook_netcommerce does.
 */
import { z } from 'zod';
import { apiPath } from './api-path';

export const alertApiPaths = {
  /** Set as the Callback URL in eSIM Go's portal (Account Settings, API Details, V3). */
  esimGoCallback: apiPath('/esimgo/callback'),
} as const;

export const usageAlertMessages = {
  invalidSignature: 'The callback signature is missing or does not match.',
  invalidBody: 'The callback body is not JSON.',
} as const;

/** What the shop answers a callback it verified (eSIM Go reads no body). */
export const usageCallbackAnswerSchema = z.object({ received: z.literal(true) });
export type UsageCallbackAnswer = z.infer<typeof usageCallbackAnswerSchema>;
