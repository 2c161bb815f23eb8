/**
 * Mobile networks a bundle roams on, per country: the real main operators where they are well
 * known, otherwise plausible names picked by a generator seeded with the country code. Each
 * carries the speeds a roaming traveller gets on it (5G where the big operators open it to
 * roamers, 4G nearly everywhere else) and, where the operator's name is not its brand, both.
 */
import { countryByIso } from './countries';
import { homeRegionOf } from './regions';
import { seededRandom } from './seeded-random';

// The main operators of the countries travellers buy for most, two or three each; microstates
// list a neighbour's network too, which is what a roaming eSIM there often attaches to.
const knownNetworks: Readonly<Record<string, readonly string[]>> = {
  AD: ['Andorra Telecom', 'Movistar'],
  AE: ['Etisalat', 'du'],
  AL: ['Vodafone', 'One'],
  AM: ['Team', 'Viva', 'Ucom'],
  AR: ['Personal', 'Claro', 'Movistar'],
  AT: ['A1', 'Magenta', 'Drei'],
  AU: ['Telstra', 'Optus', 'Vodafone'],
  AZ: ['Azercell', 'Bakcell', 'Nar'],
  BA: ['BH Telecom', 'm:tel', 'HT Eronet'],
  BD: ['Grameenphone', 'Robi', 'Banglalink'],
  BE: ['Proximus', 'Orange', 'Base'],
  BG: ['A1', 'Yettel', 'Vivacom'],
  BH: ['Batelco', 'Zain', 'stc'],
  BO: ['Entel', 'Tigo', 'Viva'],
  BR: ['Vivo', 'Claro', 'TIM'],
  CA: ['Rogers', 'Bell', 'Telus'],
  CH: ['Swisscom', 'Sunrise', 'Salt'],
  CL: ['Entel', 'Movistar', 'Claro'],
  CN: ['China Mobile', 'China Unicom', 'China Telecom'],
  CO: ['Claro', 'Movistar', 'Tigo'],
  CR: ['Kölbi', 'Claro', 'Liberty'],
  CY: ['Cyta', 'Epic', 'PrimeTel'],
  CZ: ['O2', 'T-Mobile', 'Vodafone'],
  DE: ['Telekom', 'Vodafone', 'O2'],
  DK: ['TDC', 'Telenor', 'Telia'],
  DO: ['Claro', 'Altice'],
  EC: ['Claro', 'Movistar'],
  EE: ['Telia', 'Elisa', 'Tele2'],
  EG: ['Vodafone', 'Orange', 'Etisalat'],
  ES: ['Movistar', 'Orange', 'Vodafone'],
  FI: ['Elisa', 'DNA', 'Telia'],
  FR: ['Orange', 'SFR', 'Bouygues Telecom'],
  GB: ['EE', 'Vodafone', 'O2'],
  GE: ['Magti', 'Silknet', 'Cellfie'],
  GG: ['Sure', 'JT'],
  GH: ['MTN', 'Telecel', 'AirtelTigo'],
  GI: ['Gibtelecom', 'Movistar'],
  GR: ['Cosmote', 'Vodafone', 'Nova'],
  GT: ['Tigo', 'Claro'],
  HK: ['CSL', 'SmarTone', '3HK'],
  HR: ['Hrvatski Telekom', 'A1', 'Telemach'],
  HU: ['Telekom', 'Yettel', 'One'],
  ID: ['Telkomsel', 'Indosat Ooredoo', 'XL Axiata'],
  IE: ['Vodafone', 'Three', 'Eir'],
  IL: ['Partner', 'Cellcom', 'Pelephone'],
  IM: ['Manx Telecom', 'Sure'],
  IN: ['Jio', 'Airtel', 'Vi'],
  IS: ['Síminn', 'Vodafone'],
  IT: ['TIM', 'Vodafone', 'WindTre'],
  JE: ['JT', 'Sure'],
  JM: ['Digicel', 'Flow'],
  JO: ['Zain', 'Orange', 'Umniah'],
  JP: ['NTT Docomo', 'SoftBank', 'au'],
  KE: ['Safaricom', 'Airtel'],
  KH: ['Smart', 'Cellcard', 'Metfone'],
  KR: ['SK Telecom', 'KT', 'LG U+'],
  KW: ['Zain', 'Ooredoo', 'stc'],
  KZ: ['Beeline', 'Kcell', 'Tele2'],
  LA: ['Unitel', 'Lao Telecom'],
  LI: ['FL1', 'Salt'],
  LK: ['Dialog', 'Mobitel', 'Hutch'],
  LT: ['Telia', 'Bite', 'Tele2'],
  LU: ['POST', 'Tango', 'Orange'],
  LV: ['LMT', 'Tele2', 'Bite'],
  MA: ['Maroc Telecom', 'Orange', 'inwi'],
  MC: ['Monaco Telecom', 'Orange'],
  MD: ['Orange', 'Moldcell'],
  ME: ['Crnogorski Telekom', 'One', 'm:tel'],
  MK: ['Makedonski Telekom', 'A1'],
  MO: ['CTM', '3 Macau'],
  MT: ['GO', 'Epic', 'Melita'],
  MX: ['Telcel', 'AT&T', 'Movistar'],
  MY: ['Maxis', 'CelcomDigi', 'U Mobile'],
  NG: ['MTN', 'Airtel', 'Glo'],
  NL: ['KPN', 'Vodafone', 'Odido'],
  NO: ['Telenor', 'Telia'],
  NP: ['Ncell', 'Nepal Telecom'],
  NZ: ['One NZ', 'Spark', '2degrees'],
  OM: ['Omantel', 'Ooredoo'],
  PA: ['Tigo', '+Móvil'],
  PE: ['Claro', 'Movistar', 'Entel'],
  PH: ['Globe', 'Smart', 'DITO'],
  PK: ['Jazz', 'Zong', 'Telenor'],
  PL: ['Orange', 'Plus', 'Play'],
  PR: ['AT&T', 'T-Mobile', 'Liberty'],
  PT: ['MEO', 'NOS', 'Vodafone'],
  PY: ['Tigo', 'Personal', 'Claro'],
  QA: ['Ooredoo', 'Vodafone'],
  RO: ['Orange', 'Vodafone', 'Digi'],
  RS: ['Yettel', 'A1', 'mts'],
  RU: ['MTS', 'MegaFon', 'Beeline'],
  SA: ['stc', 'Mobily', 'Zain'],
  SE: ['Telia', 'Tele2', 'Telenor'],
  SG: ['Singtel', 'StarHub', 'M1'],
  SI: ['Telekom Slovenije', 'A1'],
  SK: ['Orange', 'Telekom', 'O2'],
  SM: ['TIM San Marino', 'Vodafone'],
  TH: ['AIS', 'TrueMove H'],
  TN: ['Ooredoo', 'Orange', 'Tunisie Telecom'],
  TR: ['Turkcell', 'Vodafone', 'Türk Telekom'],
  TW: ['Chunghwa Telecom', 'Taiwan Mobile', 'FarEasTone'],
  TZ: ['Vodacom', 'Airtel', 'Tigo'],
  UA: ['Kyivstar', 'Vodafone', 'lifecell'],
  UG: ['MTN', 'Airtel'],
  US: ['AT&T', 'T-Mobile', 'Verizon'],
  UY: ['Antel', 'Movistar', 'Claro'],
  UZ: ['Beeline', 'Ucell', 'Mobiuz'],
  VA: ['TIM', 'Vodafone'],
  VN: ['Viettel', 'Vinaphone', 'MobiFone'],
  ZA: ['Vodacom', 'MTN', 'Cell C'],
};

// Operators that really run in many countries of a region: the generator borrows them.
const regionalOperators: Readonly<Record<string, readonly string[]>> = {
  Africa: ['Orange', 'Airtel', 'MTN', 'Moov Africa'],
  Caribbean: ['Digicel', 'Flow'],
  Oceania: ['Digicel', 'Vodafone'],
  'Central America': ['Tigo', 'Claro'],
  'South America': ['Claro', 'Movistar'],
};

// Markets whose main operators give roaming travellers 5G; elsewhere roaming stops at 4G.
const fiveGRoamingMarkets = new Set([
  ...'AE AT AU BE BH CA CH CN DE DK ES FI FR GB GR HK'.split(' '),
  ...'IE IT JP KR KW NL NO PT QA SA SE SG TH TR TW US'.split(' '),
]);

// The operator's own name where the network is better known by a brand: "KDDI" sells "au".
const operatorNames: Readonly<Record<string, string>> = {
  'DE:Telekom': 'Telekom Deutschland',
  'DE:O2': 'Telefónica Germany',
  'GB:EE': 'EE Limited',
  'GB:O2': 'Telefónica UK',
  'JP:au': 'KDDI',
  'US:AT&T': 'AT&T Mobility',
  'US:T-Mobile': 'T-Mobile USA',
  'US:Verizon': 'Verizon Wireless',
  'NZ:One NZ': 'Vodafone New Zealand',
  'AE:du': 'Emirates Integrated Telecommunications',
};

/** A network as eSIM Go lists it in a catalogue country entry. */
export interface RoamingNetwork {
  name: string;
  brandName?: string;
  speeds: string[];
}

/**
 * The roaming networks of a country with their speeds, in the provider's shape: the first two
 * networks of a 5G market reach 5G; a made-up third network of a lesser-known country stays on 3G.
 */
export function roamingNetworksFor(iso: string): RoamingNetwork[] {
  const code = iso.toUpperCase();
  const known = knownNetworks[code] !== undefined;
  return networksFor(code).map((brand, index) => {
    const operator = operatorNames[`${code}:${brand}`];
    const speeds =
      fiveGRoamingMarkets.has(code) && index < 2
        ? ['3G', '4G', '5G']
        : known || index < 2
          ? ['3G', '4G']
          : ['2G', '3G'];
    return operator ? { name: operator, brandName: brand, speeds } : { name: brand, speeds };
  });
}

/** The roaming networks of a country: two or three names, the same on every call. */
export function networksFor(iso: string): string[] {
  const code = iso.toUpperCase();
  const known = knownNetworks[code];
  if (known) return [...known];
  return generatedNetworks(code);
}

function generatedNetworks(iso: string): string[] {
  const place = countryByIso(iso)?.name ?? iso;
  const home = homeRegionOf(iso) ?? '';
  const pool = [
    ...(regionalOperators[home] ?? []),
    `${place} Mobile`,
    `${place} Telecom`,
    `${place} Cellular`,
  ];
  const random = seededRandom(`networks:${iso}`);
  const wanted = random() < 0.5 ? 2 : 3;
  const picked: string[] = [];
  while (picked.length < wanted) {
    const candidate = pool[Math.floor(random() * pool.length)];
    if (candidate !== undefined && !picked.includes(candidate)) picked.push(candidate);
  }
  return picked;
}
