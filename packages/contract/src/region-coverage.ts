/**
 * Which countries each region's plans cover, in one small answer: the landing's search
 * says where a country is also covered ("Also in: Europe+, Global") and which regions
 * cover a country the shop has no plan of its own for.
 */
import { z } from 'zod';

export const regionCoverageSchema = z.object({
  /** The region's name, as in the regions list (spec section 3). */
  region: z.string(),
  /** ISO 3166-1 alpha-2 codes of the countries its plans on sale work in, sorted. */
  countries: z.array(z.string().length(2)),
});
export type RegionCoverage = z.infer<typeof regionCoverageSchema>;

/** Regions in display order. */
export const regionCoverageListSchema = z.array(regionCoverageSchema);
