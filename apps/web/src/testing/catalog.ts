// A small catalogue for component tests: a few countries and a plan, as the API sends them.
import type { Country, Plan } from '@tern/contract/catalog';
import { catalogApiPaths, regionCoverageApiPath } from '@tern/contract/catalog-paths';
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
    body: [{ region: 'Europe+', countries: ['ES', 'FR', 'IT', 'TR'] }],
  });
}

/** A plan as GET /api/plan/:country sends it: France, 1 GB for 7 days. */
export const francePlan: Plan = {
  pla_id: 11,
  pla_name: 'esim_1GB_7D_FR_V2',
  pla_description: 'eSIM, 1GB, 7 Days, France, V2',
  pla_title: '1 GB · 7 days',
  pla_price: 4.99,
  pla_data_amount: 1000,
  pla_duration: 7,
  pla_unlimited: false,
  pla_autostart: true,
  pla_image_url: '',
  plg_id: 1,
  plg_name: 'France',
  plg_pln_id: 1,
  plc_region: 'Europe',
  plc_id: 1,
  plc_pln_id: 1,
  plc_iso: 'FR',
  plc_name: 'France',
  coverage: 1,
  pla_speeds: ['4G', '5G'],
  pla_networks: [{ name: 'Orange', speeds: ['4G', '5G'] }],
  pla_fair_use: null,
};
