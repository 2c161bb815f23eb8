// The plan-details page's groups: which exist, in what order, the plans in each, and their
// names in the chosen language.
import type { Plan } from '@tern/contract/catalog';
import type { PlanGroupName } from '@tern/contract/catalog-constants';
import type { Translate } from '../../../lib/i18n';

export interface PlanGroup {
  name: string;
  plans: Plan[];
}

const sameOffer = (a: Plan, b: Plan) =>
  a.pla_data_amount === b.pla_data_amount &&
  a.pla_duration === b.pla_duration &&
  a.pla_unlimited === b.pla_unlimited;

/** Plans with the same data, days and unlimited flag are one offer: keep the cheapest. */
export function withoutDuplicateOffers(plans: readonly Plan[]): Plan[] {
  const kept: Plan[] = [];
  for (const plan of plans) {
    const index = kept.findIndex((other) => sameOffer(other, plan));
    const other = kept[index];
    if (!other) kept.push(plan);
    else if (plan.pla_price < other.pla_price) kept[index] = plan;
  }
  return kept;
}

// Smallest allowance first, unlimited last; then shortest validity; then cheapest.
function byOffer(a: Plan, b: Plan): number {
  if (a.pla_unlimited !== b.pla_unlimited) return a.pla_unlimited ? 1 : -1;
  return (
    a.pla_data_amount - b.pla_data_amount ||
    a.pla_duration - b.pla_duration ||
    a.pla_price - b.pla_price
  );
}

/**
 * The groups to offer (spec section 4): only groups with plans, in the order of the
 * shop's group list; a group missing from that list still shows, after the known ones.
 */
export function groupPlans(plans: readonly Plan[], groupOrder: readonly string[]): PlanGroup[] {
  const byName = new Map<string, Plan[]>();
  for (const plan of plans) {
    const group = byName.get(plan.plg_name);
    if (group) group.push(plan);
    else byName.set(plan.plg_name, [plan]);
  }
  const rank = (name: string) => {
    const index = groupOrder.indexOf(name);
    return index === -1 ? groupOrder.length : index;
  };
  return [...byName.entries()]
    .map(([name, members]) => ({ name, plans: withoutDuplicateOffers(members).sort(byOffer) }))
    .sort((a, b) => rank(a.name) - rank(b.name));
}

const groupKeys = {
  'Standard Plans': 'plans.group.standard',
  'Daily Unlimited Plans': 'plans.group.dailyUnlimited',
  'Roaming Plans': 'plans.group.roaming',
  'Standard Unlimited Plans': 'plans.group.standardUnlimited',
} as const satisfies Record<PlanGroupName, string>;

/** A plan group's name in the language; a group the shop does not know keeps its own name. */
export function planGroupLabel(name: string, t: Translate): string {
  return Object.hasOwn(groupKeys, name) ? t(groupKeys[name as PlanGroupName]) : name;
}
