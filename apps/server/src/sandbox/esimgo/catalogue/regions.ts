/**
 * The ten multi-country regions the simulated provider sells bundles for, and the one continental
 * "home" region of each country, which the provider reports as a country's `region` field.
 */

// The provider sells bundles for the very regions the spec names, which the shop lists as is.
import type { RegionName } from '@tern/contract';

/** Alpha-2 codes written as one space-separated block, which keeps long member lists readable. */
function codes(block: string): readonly string[] {
  return block.trim().split(/\s+/);
}

export interface Region {
  readonly name: RegionName;
  /** The code the provider puts in bundle names, e.g. REUP in "esim_5GB_30D_REUP_V2". */
  readonly code: string;
  /** Alpha-2 codes of the countries a bundle of this region roams in. */
  readonly members: readonly string[];
}

// EU 27 and EEA, then the non-EU countries and territories Europe+ bundles also roam in.
const europePlus = codes(`
  AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE
  IS LI NO
  GB CH TR IM JE GG GI AX MC SM VA
`);

// The ~120 countries most travellers go to, on every continent.
const global = codes(`
  AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE
  IS LI NO GB CH TR IM JE GG GI MC UA RS AL BA ME MK MD AD
  CN HK MO JP KR TW SG MY TH VN ID PH IN LK PK BD KH KZ UZ GE AM AZ NP
  AE SA QA KW BH OM JO IL IQ
  EG MA TN DZ ZA NG KE TZ UG ZM MG MU RE SC GH SN CI CM
  US CA MX PR BR AR CL CO PE EC UY PY BO CR PA GT SV NI HN DO JM
  AU NZ GU FJ
`);

export const regions: readonly Region[] = [
  {
    name: 'Caribbean',
    code: 'RCA',
    // AN stays in: provider catalogues still list the former Netherlands Antilles here.
    members: codes(`
      AI AG AW BS BB BM BQ KY CW DM DO GD GP HT JM MQ MS AN KN LC MF VC SX TT TC VG VI BL
    `),
  },
  { name: 'Global', code: 'RGB', members: global },
  {
    name: 'Asia',
    code: 'RAS',
    members: codes('CN HK MO JP KR TW SG MY TH VN ID PH IN LK PK BD KH LA UZ KZ NP MN BN'),
  },
  { name: 'North America', code: 'RNA', members: codes('US CA MX') },
  { name: 'Oceania', code: 'ROC', members: codes('AU NZ FJ GU MP PG WS TO VU NC PF') },
  {
    name: 'Africa',
    code: 'RAF',
    members: codes('EG MA TN DZ ZA NG KE TZ UG ZM MG MU RE GH SN CI CM RW BW MW MZ NA'),
  },
  { name: 'Middle East', code: 'RME', members: codes('AE SA QA KW BH OM JO IL IQ EG TR') },
  { name: 'Europe+', code: 'REUP', members: europePlus },
  { name: 'Balkans', code: 'RBK', members: codes('AL BA BG GR HR MK ME RO RS SI MD') },
  {
    name: 'LATAM',
    code: 'RLA',
    members: codes('AR BR CL CO PE EC UY PY BO MX CR PA GT SV HN NI GF'),
  },
];

const regionsByName = new Map<string, Region>(regions.map((region) => [region.name, region]));

/** The region of that exact name; undefined when there is none. */
export function regionByName(name: string): Region | undefined {
  return regionsByName.get(name);
}

export const homeRegionNames = [
  'Europe',
  'Asia',
  'Africa',
  'Middle East',
  'North America',
  'Oceania',
  'Caribbean',
  'South America',
  'Central America',
] as const;

export type HomeRegion = (typeof homeRegionNames)[number];

// Remote and uninhabited territories go with the continent their traffic would roam from,
// e.g. Bouvet Island with Europe (Norway's), South Georgia with South America.
const homeRegionMembers: Record<HomeRegion, readonly string[]> = {
  Europe: codes(`
    AD AL AT AX BA BE BG BV BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS
    IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA
  `),
  Asia: codes(`
    AF AM AZ BD BN BT CN GE HK ID IN IO JP KG KH KP KR KZ LA LK MM MN MO MV MY NP PH PK
    SG TH TJ TL TM TW UZ VN
  `),
  Africa: codes(`
    AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY
    MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TF TG TN TZ UG YT
    ZA ZM ZW
  `),
  'Middle East': codes('AE BH IL IQ IR JO KW LB OM PS QA SA SY YE'),
  'North America': codes('CA GL MX PM US'),
  Oceania: codes(`
    AQ AS AU CC CK CX FJ FM GU HM KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU
    WF WS
  `),
  Caribbean: codes(`
    AG AI AN AW BB BL BM BQ BS CU CW DM DO GD GP HT JM KN KY LC MF MQ MS PR SX TC TT VC
    VG VI
  `),
  'South America': codes('AR BO BR CL CO EC FK GF GS GY PE PY SR UY VE'),
  'Central America': codes('BZ CR GT HN NI PA SV'),
};

const homeRegionByIso = new Map<string, HomeRegion>(
  homeRegionNames.flatMap((home) => homeRegionMembers[home].map((iso) => [iso, home] as const)),
);

/** The continental region of a country (TR → Europe, AE → Middle East); undefined when unknown. */
export function homeRegionOf(iso: string): HomeRegion | undefined {
  return homeRegionByIso.get(iso.toUpperCase());
}
