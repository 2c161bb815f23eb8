/**
 * The catalogue's API paths, purchase types and error texts, apart from its schemas
 * (catalog.ts, region-coverage.ts) so the landing can call the catalogue without carrying zod
 * (issue 18).
 */
import { apiPath } from './api-path';

/**
 * The catalogue's API paths (spec section 7), as the spec writes them; the server answers each
 * with and without its trailing slash, since older clients call both.
 */
export const catalogApiPaths = {
  countries: apiPath('/api/country/'),
  regions: apiPath('/api/country/regions/'),
  globalPlans: apiPath('/api/country/global/'),
  favouriteCountries: apiPath('/api/country/favorit/'),
  planGroups: apiPath('/api/plan/groups'),
  countryPlansById: apiPath('/api/country/bundle/:id'),
  regionPlansById: apiPath('/api/country/bundle/region/:id'),
  countryPlans: apiPath('/api/plan/country/:iso'),
  regionPlans: apiPath('/api/plan/region/:region'),
  planCoverage: apiPath('/api/plan/country/roaming/:id'),
} as const;

/** The countries each region's plans cover (region-coverage.ts). */
export const regionCoverageApiPath = apiPath('/api/catalogue/region-coverage');

/** What the plan-details page needs in its URL (spec "Plan details" parameters). */
export const purchaseTypes = ['Regular', 'Topup'] as const;
export type PurchaseType = (typeof purchaseTypes)[number];

/** What the catalogue API says when a destination or plan does not exist. */
export const catalogErrorMessages = {
  countryNotFound: 'Country not found',
  regionNotFound: 'Region not found',
  planNotFound: 'Plan not found',
} as const;
