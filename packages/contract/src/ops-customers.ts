/**
 * Two sections of the operator console (issue 30), apart from ops.ts so each section's paths and
 * schemas stay together: the customers (an account with its orders, eSIMs, refunds and alerts,
 * its language and a sign-out of every session) and the catalogue (its syncs, a sync now, and
 * the markup with a preview of the prices it gives before it is saved).
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { languageSchema } from './language-schema';
import { orderStatusSchema } from './orders';

export const opsCustomerPaths = {
  customers: apiPath(
    '/api/ops/customers',
    (fill) =>
      (query: string = '') =>
        query ? `${fill()}?q=${encodeURIComponent(query)}` : fill(),
  ),
  customer: apiPath('/api/ops/customers/:id'),
  signOutEverywhere: apiPath('/api/ops/customers/:id/sign-out-everywhere'),
  language: apiPath('/api/ops/customers/:id/language'),
} as const;

export const opsCataloguePaths = {
  catalogue: apiPath('/api/ops/catalogue'),
  sync: apiPath('/api/ops/catalogue/sync'),
  markupPreview: apiPath('/api/ops/catalogue/markup/preview'),
  markup: apiPath('/api/ops/catalogue/markup'),
} as const;

export const opsConsoleMessages = {
  customerNotFound: 'There is no customer account with this id.',
  syncRunning:
    'A catalogue sync is running already. Nothing new was started; its result shows here once it ends.',
  syncFailed:
    'The catalogue sync failed, and the catalogue on sale was left as it was. The log says why.',
} as const;

// ---- Customers -------------------------------------------------------------------------------

export const opsCustomersQuerySchema = z.object({
  /** A part of the e-mail address, any case. */
  q: z.string().trim().max(254).optional(),
});

export const opsCustomerParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'must be an account id' })
    .int('must be an account id')
    .positive('must be an account id')
    .max(2_147_483_647, 'must be an account id'),
});

export const opsCustomerSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  language: languageSchema,
  createdAt: z.string(),
  orders: z.number(),
});
export type OpsCustomer = z.infer<typeof opsCustomerSchema>;

export const opsCustomerOrderSchema = z.object({
  ref: z.string(),
  status: orderStatusSchema,
  total: z.number(),
  currency: z.string(),
  plan: z.string(),
  createdAt: z.string(),
});

/**
 * An eSIM the account owns: its bundles as bought from the shop, newest first, and its state in
 * the shop's books (the provider's own profile state is one call away, on the order's page).
 */
export const opsCustomerEsimSchema = z.object({
  iccid: z.string(),
  /** The bundle bought with the eSIM, then each top-up's. */
  plans: z.array(z.string()),
  /** in-use: a purchase on it stands; refunded: every purchase on it was given back. */
  state: z.enum(['in-use', 'refunded']),
  createdAt: z.string(),
});

/** Money given back: by an operator, after a failed delivery, or asked for by the buyer. */
export const opsCustomerRefundSchema = z.object({
  ref: z.string(),
  iccid: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  /** operator-or-shop: the order's own refund; self-service: the buyer's, from the profile. */
  kind: z.enum(['operator-or-shop', 'self-service']),
  /** When it was asked for (self-service) or made (the order's). */
  at: z.string(),
  /** Null while a self-service refund is still being carried out. */
  completedAt: z.string().nullable(),
});

export const opsCustomerAlertSchema = z.object({
  iccid: z.string(),
  kind: z.enum(['used_80', 'used_up', 'expiring']),
  /** The bundle the alert is about. */
  bundle: z.string(),
  decidedAt: z.string(),
  /** Null while its e-mail has not gone out yet. */
  mailedAt: z.string().nullable(),
});

export const opsCustomerDetailSchema = opsCustomerSchema.omit({ orders: true }).extend({
  mobile: z.string(),
  verifiedAt: z.string().nullable(),
  orders: z.array(opsCustomerOrderSchema),
  esims: z.array(opsCustomerEsimSchema),
  refunds: z.array(opsCustomerRefundSchema),
  alerts: z.array(opsCustomerAlertSchema),
  activeSessions: z.number(),
});
export type OpsCustomerDetail = z.infer<typeof opsCustomerDetailSchema>;

export const opsSignOutEverywhereResultSchema = z.object({
  id: z.number(),
  /** The buyer's sessions ended by this call (0 when none was live). */
  sessionsEnded: z.number(),
});

export const opsCustomerLanguageRequestSchema = z.strictObject({ language: languageSchema });

// ---- Catalogue -------------------------------------------------------------------------------

/**
 * How a marked-up price is rounded up: to the next x.99 (the shelf price travellers know, the
 * shop's default), to the next x.49 or x.99, or only to the whole cent.
 */
export const markupRoundings = ['ninety-nine', 'forty-nine-or-ninety-nine', 'cent'] as const;
export type MarkupRounding = (typeof markupRoundings)[number];

export const MARKUP_PERCENT_MAX = 300;

export const markupSchema = z.strictObject({
  percent: z
    .number({ message: 'must be a number of percent' })
    .min(0, 'must be 0 or more')
    .max(MARKUP_PERCENT_MAX, `must be ${MARKUP_PERCENT_MAX} or less`)
    .multipleOf(0.01, 'may have at most two decimals'),
  rounding: z.enum(markupRoundings, {
    message: `must be one of ${markupRoundings.join(', ')}`,
  }),
});
export type Markup = z.infer<typeof markupSchema>;

export const opsMarkupSchema = markupSchema.extend({
  /** configuration: CATALOG_MARKUP_PERCENT, never changed here; saved: an operator's. */
  source: z.enum(['configuration', 'saved']),
  savedAt: z.string().nullable(),
  savedBy: z.string().nullable(),
});
export type OpsMarkup = z.infer<typeof opsMarkupSchema>;

export const catalogueSyncSchema = z.object({
  /** sync: the provider's catalogue read again; markup: the prices set again by a new markup. */
  kind: z.enum(['sync', 'markup']),
  /** Null for syncs recorded before start times were kept. */
  startedAt: z.string().nullable(),
  finishedAt: z.string(),
  durationMs: z.number().nullable(),
  added: z.number(),
  removed: z.number(),
  /** Plans whose price changed (part of `updated`). */
  priceChanged: z.number(),
  /** Plans changed in any way, their price included. */
  updated: z.number(),
  unchanged: z.number(),
  /** Who started it: the operator's e-mail, or the shop itself (start-up, npm run catalog:sync). */
  by: z.string().nullable(),
});
export type CatalogueSync = z.infer<typeof catalogueSyncSchema>;

export const opsCatalogueSchema = z.object({
  syncs: z.array(catalogueSyncSchema),
  /** Whether a sync runs now, on this instance or another. */
  syncRunning: z.boolean(),
  markup: opsMarkupSchema,
  plansOnSale: z.number(),
});
export type OpsCatalogue = z.infer<typeof opsCatalogueSchema>;

export const markupPreviewLineSchema = z.object({
  plan: z.string(),
  destination: z.string(),
  providerCost: z.number(),
  priceNow: z.number(),
  priceWithMarkup: z.number(),
});

export const markupPreviewSchema = z.object({
  markup: markupSchema,
  currency: z.string(),
  plans: z.array(markupPreviewLineSchema),
});
export type MarkupPreview = z.infer<typeof markupPreviewSchema>;
