// A small catalogue for component tests: a few countries and a plan, as the API sends them.
import { type Country, catalogApiPaths, type Plan, regionCoverageApiPath } from '@tern/contract';
import type { FakeApi } from './fake-api';

export const countries: Country[] = [
  { cou_id: 1, cou_name: 'France', cou_region: 'Europe', cou_iso: 'FR', cou_favorit: true },
  { cou_id: 2, cou_name: 'Italy', cou_region: 'Europe', cou_iso: 'IT', cou_favorit: true },
  { cou_id: 3, cou_name: 'Turkey', cou_region: 'Europe', cou_iso: 'TR', cou_favorit: false },
  { cou_id: 4, cou_name: 'Japan', cou_region: 'Asia', cou_iso: 'JP', cou_favorit: false },
];

/** The country list and the regions' coverage, as the destination search fetches them. */
export function answerCatalog(api: FakeApi): void {
  api.answer('GET', catalogApiPaths.countries.href(), { body: countries });
  api.answer('GET', regionCoverageApiPath.href(), {
    body: [{ region: 'Europe+', countries: ['FR', 'IT', 'TR'] }],
  });
}
