/**
 * The names travellers type for a destination, beyond the one the catalogue prints: short
 * forms (UAE, UK), older or newer names (Holland, Türkiye, Czechia), English spellings
 * without accents (Curacao, Aland), and famous places inside a country (Dubai, Bali).
 * The landing's search (web `destination-search.ts`) matches on them; the dial-code list
 * (`./phone`) gives every other country's name, and `countryNames` mends the ones it spells
 * formally, spells wrong, or lacks.
 */
import type { RegionName } from './catalog-constants';

// Letters that NFD does not split into a base letter and a mark.
const unsplitLetters: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};

// Arabic letters written interchangeably: a final ta marbuta as ha (السعوديه), alif maqsura
// as ya, alef wasla as a bare alef. (Hamzated alefs أ إ آ split under NFD into a bare alef
// and a mark, which goes with the other marks.)
const foldedArabicLetters: Record<string, string> = { ة: 'ه', ى: 'ي', ٱ: 'ا' };

/**
 * A name as the search compares it: accents and case gone, "&" read as "and", any
 * punctuation a single space, so "Côte d'Ivoire" and "cote d ivoire" are the same and
 * "ivoire" starts a word of it. Arabic loses its vowel marks (tashkeel, marks under NFD)
 * and tatweel, and its interchangeable letters are folded: "أمريكا" is "امريكا".
 */
export function normalizeDestinationName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđłıþ]/g, (letter) => unsplitLetters[letter] ?? letter)
    .replace(/\u0640/g, '')
    .replace(/[ةىٱ]/g, (letter) => foldedArabicLetters[letter] ?? letter)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The shop's English name of a country where the dial-code list's name is formal ("Korea,
 * Republic of"), dated ("Swaziland"), misspelt ("Grenedines"), or missing (territories
 * without their own dialling code, North Korea, the Vatican). By ISO 3166-1 alpha-2 code.
 */
export const countryNames: Readonly<Record<string, string>> = {
  AQ: 'Antarctica',
  BN: 'Brunei',
  BL: 'Saint Barthélemy',
  BV: 'Bouvet Island',
  CC: 'Cocos (Keeling) Islands',
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  CI: "Côte d'Ivoire",
  CX: 'Christmas Island',
  EH: 'Western Sahara',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  GG: 'Guernsey',
  GS: 'South Georgia and the South Sandwich Islands',
  HM: 'Heard Island and McDonald Islands',
  IM: 'Isle of Man',
  IO: 'British Indian Ocean Territory',
  IR: 'Iran',
  JE: 'Jersey',
  KN: 'Saint Kitts and Nevis',
  KP: 'North Korea',
  KR: 'South Korea',
  LA: 'Laos',
  LY: 'Libya',
  MD: 'Moldova',
  MF: 'Saint Martin',
  MK: 'North Macedonia',
  MO: 'Macau',
  PM: 'Saint Pierre and Miquelon',
  PN: 'Pitcairn Islands',
  PS: 'Palestine',
  RU: 'Russia',
  SJ: 'Svalbard and Jan Mayen',
  ST: 'São Tomé and Príncipe',
  SY: 'Syria',
  SZ: 'Eswatini',
  TF: 'French Southern Territories',
  TZ: 'Tanzania',
  UM: 'United States Minor Outlying Islands',
  VA: 'Vatican City',
  VC: 'Saint Vincent and the Grenadines',
  VE: 'Venezuela',
  VG: 'British Virgin Islands',
  VI: 'US Virgin Islands',
  VN: 'Vietnam',
  XK: 'Kosovo',
};

/** Other names of a country, by ISO code: what travellers type besides its listed name. */
export const countryAliases: Readonly<Record<string, readonly string[]>> = {
  AE: ['UAE', 'U.A.E.', 'Emirates', 'United Arab Emirates', 'Dubai', 'Abu Dhabi'],
  AG: ['Antigua', 'Barbuda'],
  AT: ['Österreich'],
  AX: ['Åland', 'Aland Islands'],
  BA: ['Bosnia', 'Herzegovina'],
  BL: ['St Barts', 'St Barths', 'Saint Barth', 'St Barthélemy'],
  BN: ['Brunei Darussalam'],
  BO: ['Plurinational State of Bolivia'],
  BQ: ['Bonaire', 'Sint Eustatius', 'Saba', 'Caribbean Netherlands'],
  BS: ['The Bahamas'],
  CD: ['DR Congo', 'DRC', 'Congo-Kinshasa', 'Zaire'],
  CG: ['Congo', 'Congo-Brazzaville'],
  CH: ['Swiss', 'Schweiz', 'Suisse', 'Svizzera'],
  CI: ['Ivory Coast', "Cote d'Ivoire"],
  CN: ['Mainland China', 'PRC', "People's Republic of China"],
  CV: ['Cabo Verde'],
  CW: ['Curacao'],
  CZ: ['Czechia', 'Czech'],
  DE: ['Deutschland'],
  EC: ['Galápagos', 'Galapagos Islands'],
  ES: ['España', 'Canary Islands', 'Canaries', 'Balearic Islands', 'Mallorca', 'Ibiza'],
  FK: ['Falklands', 'Malvinas'],
  FM: ['Federated States of Micronesia'],
  FO: ['Faroes', 'Faeroe Islands'],
  GB: [
    'UK',
    'U.K.',
    'Britain',
    'Great Britain',
    'England',
    'Scotland',
    'Wales',
    'Northern Ireland',
    'United Kingdom of Great Britain and Northern Ireland',
  ],
  GM: ['The Gambia'],
  GR: ['Hellas'],
  HK: ['Hong Kong SAR'],
  HR: ['Hrvatska'],
  ID: ['Bali', 'Java', 'Lombok'],
  IE: ['Éire', 'Republic of Ireland'],
  IO: ['BIOT', 'Chagos Islands'],
  IR: ['Persia', 'Islamic Republic of Iran'],
  IT: ['Italia', 'Sicily', 'Sardinia'],
  KN: ['St Kitts', 'Saint Kitts', 'Nevis', 'St Kitts and Nevis'],
  KP: ['DPRK', "Democratic People's Republic of Korea"],
  KR: ['Korea', 'Republic of Korea'],
  LA: ['Lao', 'Lao PDR'],
  LC: ['St Lucia'],
  LY: ['Libyan Arab Jamahiriya'],
  MD: ['Republic of Moldova'],
  MF: ['St Martin', 'Saint-Martin'],
  MK: ['Macedonia', 'FYROM'],
  MM: ['Burma'],
  MO: ['Macao', 'Macao SAR'],
  MV: ['Maldive Islands'],
  MX: ['México', 'Cancun'],
  NL: ['Holland', 'The Netherlands', 'Nederland'],
  NZ: ['Aotearoa'],
  PF: ['Tahiti', 'Bora Bora'],
  PG: ['PNG'],
  PM: ['St Pierre and Miquelon'],
  PN: ['Pitcairn'],
  PS: ['Palestinian Territories', 'West Bank', 'Gaza'],
  PT: ['Madeira', 'Azores'],
  RU: ['Russian Federation'],
  SA: ['KSA'],
  SH: ['St Helena'],
  SJ: ['Svalbard'],
  ST: ['Sao Tome', 'Sao Tome and Principe'],
  SX: ['St Maarten'],
  SY: ['Syrian Arab Republic'],
  SZ: ['Swaziland'],
  TC: ['Turks and Caicos'],
  TL: ['East Timor'],
  TR: ['Türkiye', 'Turkiye'],
  TT: ['Trinidad', 'Tobago'],
  TZ: ['Zanzibar', 'United Republic of Tanzania'],
  US: ['USA', 'U.S.A.', 'US', 'United States of America', 'America', 'Hawaii', 'Alaska'],
  VA: ['Vatican', 'Holy See'],
  VC: ['St Vincent', 'Saint Vincent', 'Grenadines'],
  VE: ['Bolivarian Republic of Venezuela'],
  VG: ['BVI'],
  VI: ['USVI', 'U.S. Virgin Islands', 'United States Virgin Islands'],
  VN: ['Viet Nam'],
  XK: ['Republic of Kosovo'],
  ZA: ['RSA'],
};

/** Other names of the shop's regions (spec section 3): "europe" finds Europe+. */
export const regionAliases: Readonly<Record<RegionName, readonly string[]>> = {
  Caribbean: ['West Indies'],
  Global: ['World', 'Worldwide', 'International'],
  Asia: ['Asia Pacific', 'APAC', 'Southeast Asia'],
  'North America': ['USA and Canada'],
  Oceania: ['Pacific', 'South Pacific', 'Australasia'],
  Africa: [],
  'Middle East': ['Mideast', 'Gulf'],
  'Europe+': ['Europe', 'European Union', 'EU', 'Schengen'],
  Balkans: ['Balkan'],
  LATAM: ['Latin America', 'South America', 'Central America'],
};
