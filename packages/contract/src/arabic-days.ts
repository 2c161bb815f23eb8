const arabicPlurals = new Intl.PluralRules('ar');

/**
 * A number of days in Arabic, in the plural form the number takes: 'يوم واحد', 'يومان',
 * '7 أيام', '30 يومًا', '100 يوم' (the web's `plans.validity` message says the same).
 */
export function arabicDayCount(days: number): string {
  switch (arabicPlurals.select(days)) {
    case 'one':
      return 'يوم واحد';
    case 'two':
      return 'يومان';
    case 'few':
      return `${days} أيام`;
    case 'many':
      return `${days} يومًا`;
    default:
      return `${days} يوم`;
  }
}
