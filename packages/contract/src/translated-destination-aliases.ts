/**
 * The names Arabic and French speakers type for a country beyond its CLDR name (which the
 * search takes from Intl.DisplayNames in every language): the part for the whole
 * (Angleterre, إنجلترا), the everyday name (Hollande, أمريكا, السعودية), the city travellers
 * fly to (دبي). The landing's search matches them whatever the page's language, beside the
 * English aliases of `./destination-names`; the web loads this table with the world's country
 * list, at the first search, so the landing's first scripts do not carry it.
 */
export const translatedCountryAliases: Readonly<Record<string, readonly string[]>> = {
  AE: ['Dubaï', 'Abou Dabi', 'دبي', 'أبوظبي', 'أبو ظبي', 'الإمارات'],
  CZ: ['République tchèque', 'جمهورية التشيك', 'تشيكيا'],
  ES: ['Îles Canaries', 'Baléares', 'جزر الكناري'],
  GB: [
    'Angleterre',
    'Grande-Bretagne',
    'Écosse',
    'Pays de Galles',
    'Irlande du Nord',
    'إنجلترا',
    'إنكلترا',
    'بريطانيا',
    'اسكتلندا',
  ],
  HK: ['هونغ كونغ', 'هونج كونج'],
  ID: ['بالي'],
  IT: ['Sicile', 'Sardaigne'],
  KR: ['Corée', 'كوريا'],
  MO: ['ماكاو'],
  NL: ['Hollande', 'Pays-Bas'],
  PS: ['فلسطين'],
  SA: ['السعودية', 'Arabie'],
  US: ['Amérique', 'Hawaï', 'أمريكا', 'أميركا', 'الولايات المتحدة الأمريكية'],
};
