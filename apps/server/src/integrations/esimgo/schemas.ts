/**
 * What eSIM Go v2.4 answers, checked loosely: the fields the shop reads must be there with
 * the right type; anything else the provider adds passes through untouched.
 */
import { z } from 'zod';

export const bundleCountrySchema = z.looseObject({
  name: z.string(),
  /** The provider's continental region of the country ("Europe", "Middle East"…). */
  region: z.string().default(''),
  iso: z.string(),
});

export const catalogueBundleSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().default(''),
  groups: z.array(z.string()).default([]),
  countries: z.array(bundleCountrySchema).default([]),
  /** MB; -1 for unlimited. */
  dataAmount: z.number(),
  /** Days. */
  duration: z.number(),
  unlimited: z.boolean().default(false),
  autostart: z.boolean().default(true),
  roamingEnabled: z.array(z.unknown()).default([]),
  /** USD. */
  price: z.number().nonnegative(),
  imageUrl: z.string().default(''),
});
export type CatalogueBundle = z.infer<typeof catalogueBundleSchema>;

export const cataloguePageSchema = z.looseObject({
  bundles: z.array(catalogueBundleSchema),
  pageCount: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  pageSize: z.number().int().nonnegative().optional(),
});

export const orderRequestSchema = z.object({
  type: z.enum(['validate', 'transaction']),
  assign: z.boolean(),
  order: z.array(
    z.object({
      type: z.literal('bundle'),
      /** The bundle name. */
      item: z.string().min(1),
      quantity: z.number().int().positive(),
      /** Top-up: the eSIM to apply the bundle to. */
      iccids: z.array(z.string()).optional(),
      allowReassign: z.boolean(),
    }),
  ),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

export const orderedEsimSchema = z.looseObject({
  iccid: z.string(),
  matchingId: z.string(),
  smdpAddress: z.string(),
});

export const orderResponseSchema = z.looseObject({
  order: z.array(z.looseObject({ esims: z.array(orderedEsimSchema).default([]) })).default([]),
  total: z.number(),
  currency: z.string(),
  status: z.string(),
  orderReference: z.string().default(''),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

export const esimDetailsSchema = z.looseObject({
  iccid: z.string(),
  matchingId: z.string(),
  smdpAddress: z.string(),
  /** Released, Downloaded, Installed, Unavailable, Deactivated; kept open to new values. */
  profileStatus: z.string(),
  pin: z.string().optional(),
  puk: z.string().optional(),
  firstInstalledDateTime: z.string().nullish(),
});
export type EsimDetails = z.infer<typeof esimDetailsSchema>;

export const bundleAssignmentSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  assignmentReference: z.string().optional(),
  /** Bytes. */
  initialQuantity: z.number(),
  /** Bytes. */
  remainingQuantity: z.number(),
  assignmentDateTime: z.string().nullish(),
  /** processing, queued, active, depleted, expired, revoked, lapsed; shown as returned. */
  bundleState: z.string(),
  unlimited: z.boolean().default(false),
});

export const esimBundlesSchema = z.looseObject({
  bundles: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string().default(''),
      assignments: z.array(bundleAssignmentSchema).default([]),
    }),
  ),
});
export type EsimBundles = z.infer<typeof esimBundlesSchema>;
