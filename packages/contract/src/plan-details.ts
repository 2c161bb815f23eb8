/**
 * The plan-details page's URL parameters (spec "Plan details"). Everything the page shows
 * is named in its URL, so a plan page can be shared, bookmarked and reloaded. The landing,
 * the footer's shortcuts and the profile's Topup build the URL here; the page parses it here.
 */
import { z } from 'zod';
import { regionNames } from './catalog-constants';
import { purchaseTypes } from './catalog-paths';
import type { PlanDestination, PlanDetailsParams } from './plan-details-link';
import { textField } from './text';

/** ICCIDs are 18 to 22 digits (ITU-T E.118). */
export const iccidSchema = textField().regex(/^\d{18,22}$/, 'An ICCID is 18 to 22 digits');

// The landing puts the whole country object in `data`; only these two fields are read.
const countryDataSchema = z.object({
  cou_iso: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((iso) => iso.toUpperCase()),
  cou_name: z.string().trim().min(1).max(100),
});

const regionNameSchema = z.enum(regionNames);

/** The raw query (all strings) in, the page's typed parameters out. */
export const planDetailsQuerySchema = z
  .object({
    purchase_type: z.enum(purchaseTypes),
    // "Countries", or "Regions"; older links put the region's own name here.
    planType: z.string().min(1),
    data: z.string().min(1),
    iccid: z.string().optional(),
  })
  .transform((query, ctx): PlanDetailsParams => {
    const destination = parseDestination(query.planType, query.data);
    if (!destination) {
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'Unknown destination' });
      return z.NEVER;
    }
    if (query.purchase_type === 'Regular') return { purchaseType: 'Regular', destination };
    const iccid = iccidSchema.safeParse(query.iccid);
    if (!iccid.success) {
      ctx.addIssue({ code: 'custom', path: ['iccid'], message: 'A top-up needs a valid ICCID' });
      return z.NEVER;
    }
    return { purchaseType: 'Topup', destination, iccid: iccid.data };
  });

function parseDestination(planType: string, data: string): PlanDestination | undefined {
  if (planType === 'Countries') {
    const country = countryDataSchema.safeParse(parseJson(data));
    return country.success
      ? { kind: 'country', iso: country.data.cou_iso, name: country.data.cou_name }
      : undefined;
  }
  const isRegionType = planType === 'Regions' || regionNameSchema.safeParse(planType).success;
  const region = regionNameSchema.safeParse(data);
  return isRegionType && region.success ? { kind: 'region', name: region.data } : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The typed parameters of a plan-details URL, or undefined when they are not valid. */
export function parsePlanDetailsQuery(
  query: URLSearchParams | Record<string, string | undefined>,
): PlanDetailsParams | undefined {
  const raw: Record<string, string | undefined> = {};
  if (query instanceof URLSearchParams) {
    query.forEach((value, key) => {
      raw[key] = value;
    });
  } else {
    Object.assign(raw, query);
  }
  const parsed = planDetailsQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
