/**
 * Catalogue API shapes (spec sections 3 and 7). Field names are the spec's, so the
 * storefront and any older client read the same answers.
 */
import { z } from 'zod';
import { fairUseSchema, planNetworkSchema } from './plan-facts';
import { textField } from './text';

export const countrySchema = z.object({
  cou_id: z.number().int(),
  cou_name: z.string(),
  /** The country's home region, e.g. "Europe" or "Middle East". */
  cou_region: z.string(),
  /** ISO 3166-1 alpha-2, upper case. */
  cou_iso: z.string().length(2),
  cou_favorit: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);

export const regionSchema = z.object({
  reg_id: z.number().int(),
  reg_name: z.string(),
  /** How many countries the region's plans cover. */
  coverage: z.number().int(),
});
export type Region = z.infer<typeof regionSchema>;
export const regionListSchema = z.array(regionSchema);

export const planSchema = z.object({
  pla_id: z.number().int(),
  /** The provider's bundle name; what an order names. */
  pla_name: z.string(),
  /** The provider's description ("eSIM, 1GB, 7 Days, France, V2"), kept for the provider. */
  pla_description: z.string(),
  /** The plan in the shop's words, what a buyer reads: "1 GB · 7 days", "Unlimited · 1 day". */
  pla_title: z.string(),
  /** The shop's price in USD, VAT and stamps included. */
  pla_price: z.number(),
  /** Data in MB; -1 for unlimited plans. */
  pla_data_amount: z.number().int(),
  /** Validity in days. */
  pla_duration: z.number().int(),
  pla_unlimited: z.boolean(),
  pla_autostart: z.boolean(),
  pla_image_url: z.string(),
  plg_id: z.number().int(),
  plg_name: z.string(),
  plg_pln_id: z.number().int(),
  /** Where the plan is listed: a country's home region, or the region's own name. */
  plc_region: z.string(),
  plc_id: z.number().int(),
  plc_pln_id: z.number().int(),
  /** The country's ISO code, or the region's name for a regional plan. */
  plc_iso: z.string(),
  plc_name: z.string(),
  /** Number of countries the plan works in. */
  coverage: z.number().int(),
  /** The speeds the provider lists for the plan ("4G", "5G"); empty when it does not say. */
  pla_speeds: z.array(z.string()),
  /**
   * The networks a country plan uses in its country; empty for a regional plan (its coverage
   * answer lists them per country) or when the provider does not say.
   */
  pla_networks: z.array(planNetworkSchema),
  /** An unlimited plan's daily full-speed allowance; null when there is none or none is known. */
  pla_fair_use: fairUseSchema.nullable(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const roamingCountrySchema = z.object({
  plr_iso: z.string(),
  plr_name: z.string(),
  /** The networks the plan uses in this country; empty when the provider does not say. */
  plr_networks: z.array(planNetworkSchema),
});
export type RoamingCountry = z.infer<typeof roamingCountrySchema>;
export const roamingCountryListSchema = z.array(roamingCountrySchema);

export const planGroupListSchema = z.array(z.string());

// Path parameters: a clear 400 for junk, before any lookup.
export const isoParamsSchema = z.object({
  iso: textField()
    .regex(/^[A-Za-z]{2}$/, 'Country code must be two letters, like FR')
    .transform((iso) => iso.toUpperCase()),
});
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The id must be a whole number' })
    .int('The id must be a whole number')
    .positive('The id must be a whole number'),
});
export const regionParamsSchema = z.object({
  region: textField().min(1).max(60),
});
