/**
 * Where an eSIM's Topup goes: the plan-details page of the eSIM's destination, with purchase
 * type Topup and the ICCID, in the URL shape the catalogue parses. The profile's Topup button
 * and the usage alert e-mails link here; the link names no session, so a signed-out reader is
 * asked to sign in on the way.
 */
import { isRegionName } from './catalog-constants';
import { type PlanDestination, planDetailsQuery } from './plan-details-link';
import { hrefTo, paths } from './routes';

/**
 * The destination an eSIM was bought for, from its ISO code (a country's two letters, or a
 * region's name for a regional plan) and its name; undefined when neither fits.
 */
export function esimDestination(iso: string, name: string): PlanDestination | undefined {
  const code = iso.trim();
  if (/^[A-Za-z]{2}$/.test(code)) {
    return { kind: 'country', iso: code.toUpperCase(), name: name.trim() || code.toUpperCase() };
  }
  if (isRegionName(code)) return { kind: 'region', name: code };
  const regionName = name.trim();
  if (isRegionName(regionName)) return { kind: 'region', name: regionName };
  return undefined;
}

/** The hash href of an eSIM's top-up plans, or undefined when its destination is unknown. */
export function topupHref(esim: {
  iccid: string;
  iso: string;
  country: string;
}): string | undefined {
  const destination = esimDestination(esim.iso, esim.country);
  if (!destination) return undefined;
  return hrefTo(
    paths.planDetails,
    planDetailsQuery(destination, { purchaseType: 'Topup', iccid: esim.iccid }),
  );
}
