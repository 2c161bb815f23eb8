/**
 * The simulator's catalogue: generated once, on first use, then filtered and paged per request
 * the way eSIM Go's `GET /catalogue` does.
 */
import type { CatalogueChanges } from '../../db/schema/esimgo-sandbox';
import { generateCatalogue, type ProviderBundle } from './catalogue/generate-catalogue';
import type { CataloguePage, CatalogueQuery } from './protocol';

interface Catalogue {
  bundles: readonly ProviderBundle[];
  byName: ReadonlyMap<string, ProviderBundle>;
}

// Deterministic, so one copy per process serves every app; building it takes ~40 ms.
let cached: Catalogue | undefined;

function catalogue(): Catalogue {
  if (!cached) {
    const bundles = generateCatalogue();
    cached = { bundles, byName: new Map(bundles.map((bundle) => [bundle.name, bundle])) };
  }
  return cached;
}

/** The bundle of that exact (case-sensitive) name; undefined when there is none. */
export function findBundle(name: string): ProviderBundle | undefined {
  return catalogue().byName.get(name);
}

/** The bundle as the provider sells it now: undefined once withdrawn, else at today's price. */
export function bundleOnSale(name: string, changes: CatalogueChanges): ProviderBundle | undefined {
  const bundle = findBundle(name);
  if (!bundle || changes.withdrawn.includes(name)) return undefined;
  return withPrice(bundle, changes);
}

/** Bundles from another network provider fit no eSIM issued so far (compatibility.ts). */
export function isCompatible(changes: CatalogueChanges, bundle: string): boolean {
  return !changes.incompatible.includes(bundle);
}

function withPrice(bundle: ProviderBundle, changes: CatalogueChanges): ProviderBundle {
  const price = changes.prices[bundle.name];
  return price === undefined ? bundle : { ...bundle, price };
}

export function cataloguePage(query: CatalogueQuery, changes: CatalogueChanges): CataloguePage {
  const withdrawn = new Set(changes.withdrawn);
  const onSale = (bundle: ProviderBundle) => !withdrawn.has(bundle.name);
  const matching = catalogue().bundles.filter(matches(query)).filter(onSale);
  const start = (query.page - 1) * query.perPage;
  return {
    bundles: matching
      .slice(start, start + query.perPage)
      .map((bundle) => withPrice(bundle, changes)),
    pageCount: Math.ceil(matching.length / query.perPage),
    rows: matching.length,
    pageSize: query.perPage,
  };
}

function matches(query: CatalogueQuery): (bundle: ProviderBundle) => boolean {
  const isos = listOf(query.countries).map((iso) => iso.toUpperCase());
  const region = query.region?.trim().toLowerCase();
  const description = query.description?.trim().toLowerCase();
  // As in eSIM Go: `countries` and `region` keep bundles with at least one such base country.
  return (bundle) =>
    (isos.length === 0 || bundle.countries.some((country) => isos.includes(country.iso))) &&
    (!region || bundle.countries.some((country) => country.region.toLowerCase() === region)) &&
    (!query.group || bundle.groups.includes(query.group)) &&
    (!description || bundle.description.toLowerCase().includes(description));
}

function listOf(commaSeparated: string | undefined): string[] {
  return (commaSeparated ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
