/**
 * Turns the provider's bundles into the catalogue the shop wants to hold: destinations,
 * priced plans in shop groups, coverage with the networks used in each country, speeds and
 * fair-use rules, with duplicate offers reduced to the cheapest.
 * Pure: the sync compares this with the database and writes the difference.
 */
import type { PlanGroupName, RegionName } from '@tern/contract';
import { turnsBetweenSlices, yieldToLoop } from '../../lib/event-loop-turns';
import { shopPriceCents, toCents } from './markup';
import {
  type FairUseRule,
  fairUseOfBundle,
  groupsOfBundle,
  regionOfBundle,
} from './provider-mapping';

/** A network as the provider lists it for one country of a bundle. */
export interface SourceNetwork {
  name: string;
  brandName?: string | null;
  speeds?: readonly string[] | null;
}

/** The part of a provider bundle the shop uses (eSIM Go `GET /catalogue` bundle). */
export interface SourceBundle {
  name: string;
  description: string;
  groups: readonly string[];
  /** `networks` undefined: the provider does not say which. */
  countries: readonly {
    name: string;
    region: string;
    iso: string;
    networks?: readonly SourceNetwork[] | undefined;
  }[];
  dataAmount: number;
  duration: number;
  /** The bundle's speeds ("4G", "5G"), when given. */
  speed?: readonly string[] | null;
  unlimited: boolean;
  autostart: boolean;
  price: number;
  imageUrl?: string;
}

/** A network as the shop stores it: the provider's name, the brand a phone shows, speeds. */
export interface StoredNetwork {
  name: string;
  brandName?: string;
  speeds: string[];
}

export interface DesiredCountry {
  iso: string;
  name: string;
  homeRegion: string;
}

export type PlanDestination =
  | { kind: 'country'; iso: string }
  | { kind: 'region'; name: RegionName };

export interface DesiredPlan {
  name: string;
  description: string;
  providerGroup: string;
  group: PlanGroupName;
  destination: PlanDestination;
  dataAmountMb: number;
  durationDays: number;
  unlimited: boolean;
  autostart: boolean;
  imageUrl: string;
  providerPriceCents: number;
  priceCents: number;
  /** The bundle's speeds; empty when the provider does not say. */
  speeds: string[];
  fairUse: FairUseRule | null;
  /** ISO codes of the countries the plan works in. */
  coverage: string[];
  /** The networks the plan uses in each of its countries, by ISO code; [] when not said. */
  networksByIso: Record<string, StoredNetwork[]>;
}

export interface SkippedBundle {
  name: string;
  reason: string;
}

export interface DesiredCatalogue {
  countries: DesiredCountry[];
  plans: DesiredPlan[];
  /** Bundles left out because a cheaper bundle offers the same. */
  duplicates: string[];
  /** Bundles the shop cannot sell as they are (no destination, bad numbers). */
  skipped: SkippedBundle[];
}

const ISO_PATTERN = /^[A-Z]{2}$/;

export function buildCatalogue(
  bundles: readonly SourceBundle[],
  markupPercent: number,
): DesiredCatalogue {
  const plans = new PlansInMaking(markupPercent);
  for (const bundle of bundles) plans.add(bundle);
  return plans.catalogue(bundles);
}

/**
 * buildCatalogue for a running shop: 4,000 bundles made into plans at once held the event loop
 * 40–85 ms (bench:api -- --mixed), so the event loop gets turns between slices of the work.
 */
export async function buildCatalogueInTurns(
  bundles: readonly SourceBundle[],
  markupPercent: number,
): Promise<DesiredCatalogue> {
  const plans = new PlansInMaking(markupPercent);
  const takeTurn = turnsBetweenSlices();
  for (const bundle of bundles) {
    await takeTurn();
    plans.add(bundle);
  }
  await yieldToLoop();
  return plans.catalogue(bundles);
}

/** The plans made so far, and the bundles left out with why. */
class PlansInMaking {
  private readonly skipped: SkippedBundle[] = [];
  private readonly candidates: DesiredPlan[] = [];

  constructor(private readonly markupPercent: number) {}

  add(bundle: SourceBundle): void {
    const plan = toPlan(bundle, this.markupPercent);
    if (typeof plan === 'string') this.skipped.push({ name: bundle.name, reason: plan });
    else this.candidates.push(plan);
  }

  catalogue(bundles: readonly SourceBundle[]): DesiredCatalogue {
    const { kept, duplicates } = keepCheapestOffers(this.candidates);
    return { countries: countriesOf(bundles), plans: kept, duplicates, skipped: this.skipped };
  }
}

/** The plan a bundle becomes, or why it cannot be sold. */
function toPlan(bundle: SourceBundle, markupPercent: number): DesiredPlan | string {
  const coverage = [...new Set(bundle.countries.map((country) => normaliseIso(country.iso)))];
  if (coverage.length === 0) return 'no countries';
  if (!coverage.every((iso) => ISO_PATTERN.test(iso))) return 'a country code is not two letters';
  if (!Number.isInteger(bundle.dataAmount) || !Number.isInteger(bundle.duration)) {
    return 'data amount and duration must be whole numbers';
  }
  const destination = destinationOf(bundle, coverage);
  if (!destination) return 'covers several countries but names no known region';
  const providerPriceCents = toCents(bundle.price);
  const { providerGroup, shopGroup } = groupsOfBundle(bundle.groups);
  return {
    name: bundle.name,
    description: bundle.description,
    providerGroup,
    group: shopGroup,
    destination,
    dataAmountMb: bundle.unlimited ? -1 : bundle.dataAmount,
    durationDays: bundle.duration,
    unlimited: bundle.unlimited,
    autostart: bundle.autostart,
    imageUrl: bundle.imageUrl ?? '',
    providerPriceCents,
    priceCents: shopPriceCents(providerPriceCents, markupPercent),
    speeds: cleanSpeeds(bundle.speed),
    fairUse: fairUseOfBundle(bundle) ?? null,
    coverage,
    networksByIso: networksByIso(bundle),
  };
}

function networksByIso(bundle: SourceBundle): Record<string, StoredNetwork[]> {
  const byIso: Record<string, StoredNetwork[]> = {};
  for (const country of bundle.countries) {
    const iso = normaliseIso(country.iso);
    byIso[iso] = [...(byIso[iso] ?? []), ...storedNetworks(country.networks ?? [])];
  }
  return byIso;
}

/** Named networks only, each once (by the name a phone shows), speeds trimmed. */
function storedNetworks(networks: readonly SourceNetwork[]): StoredNetwork[] {
  const kept = new Map<string, StoredNetwork>();
  for (const network of networks) {
    const name = network.name.trim();
    const brandName = network.brandName?.trim();
    const shown = brandName || name;
    if (!shown || kept.has(shown.toLowerCase())) continue;
    const speeds = cleanSpeeds(network.speeds);
    kept.set(
      shown.toLowerCase(),
      brandName && brandName !== name ? { name, brandName, speeds } : { name: shown, speeds },
    );
  }
  return [...kept.values()];
}

function cleanSpeeds(speeds: readonly string[] | null | undefined): string[] {
  return [...new Set((speeds ?? []).map((speed) => speed.trim()).filter(Boolean))];
}

// One country: a country plan. Several: a regional plan, named by the provider-mapping rules.
function destinationOf(bundle: SourceBundle, coverage: string[]): PlanDestination | undefined {
  const [only] = coverage;
  if (coverage.length === 1 && only) return { kind: 'country', iso: only };
  const region = regionOfBundle(bundle);
  return region ? { kind: 'region', name: region } : undefined;
}

/**
 * Spec section 5: plans of one destination with the same data, days and unlimited flag may
 * be reduced to the lowest price. Only within one shop group, so Unlimited Plus is never
 * hidden behind a cheaper Unlimited Essential of the same days.
 */
export function keepCheapestOffers(plans: readonly DesiredPlan[]): {
  kept: DesiredPlan[];
  duplicates: string[];
} {
  const cheapest = new Map<string, DesiredPlan>();
  const duplicates: string[] = [];
  for (const plan of plans) {
    const key = offerKey(plan);
    const current = cheapest.get(key);
    if (!current) {
      cheapest.set(key, plan);
      continue;
    }
    const [winner, loser] = cheaperFirst(current, plan);
    cheapest.set(key, winner);
    duplicates.push(loser.name);
  }
  return { kept: [...cheapest.values()], duplicates: duplicates.sort() };
}

function offerKey(plan: DesiredPlan): string {
  const where =
    plan.destination.kind === 'country' ? plan.destination.iso : `region:${plan.destination.name}`;
  return [where, plan.group, plan.dataAmountMb, plan.durationDays, plan.unlimited].join('|');
}

// Ties go to the lower name, so every run keeps the same bundle.
function cheaperFirst(a: DesiredPlan, b: DesiredPlan): [DesiredPlan, DesiredPlan] {
  if (a.providerPriceCents !== b.providerPriceCents) {
    return a.providerPriceCents < b.providerPriceCents ? [a, b] : [b, a];
  }
  return a.name <= b.name ? [a, b] : [b, a];
}

/** Every country any bundle names, with the first name and home region given for it. */
function countriesOf(bundles: readonly SourceBundle[]): DesiredCountry[] {
  const byIso = new Map<string, DesiredCountry>();
  for (const bundle of bundles) {
    for (const country of bundle.countries) {
      const iso = normaliseIso(country.iso);
      if (!ISO_PATTERN.test(iso)) continue;
      const known = byIso.get(iso);
      if (!known) byIso.set(iso, { iso, name: country.name.trim(), homeRegion: country.region });
      else if (!known.homeRegion && country.region) known.homeRegion = country.region;
    }
  }
  return [...byIso.values()].sort((a, b) => a.iso.localeCompare(b.iso));
}

function normaliseIso(iso: string): string {
  return iso.trim().toUpperCase();
}
