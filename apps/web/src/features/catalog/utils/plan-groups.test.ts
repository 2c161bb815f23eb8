import type { Plan } from '@tern/contract/catalog';
import { planTitle } from '@tern/contract/plan-title';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../lib/i18n';
import { francePlan } from '../../../testing/catalog';
import { groupPlans, planGroupLabel, withoutDuplicateOffers } from './plan-groups';

let nextId = 1;
function plan(group: string, data: number, days: number, price: number): Plan {
  const id = nextId++;
  return {
    ...francePlan,
    pla_id: id,
    pla_name: `plan_${id}`,
    pla_description: `Plan ${id}`,
    pla_title: planTitle({ dataMb: data, unlimited: data < 0, durationDays: days }),
    pla_price: price,
    pla_data_amount: data,
    pla_duration: days,
    pla_unlimited: data < 0,
    plg_name: group,
    pla_speeds: [],
    pla_networks: [],
  };
}

const order = [
  'Standard Plans',
  'Daily Unlimited Plans',
  'Roaming Plans',
  'Standard Unlimited Plans',
];

describe('plan groups', () => {
  it('keeps only groups that have plans, in the shop order', () => {
    const plans = [
      plan('Standard Unlimited Plans', -1, 7, 30),
      plan('Standard Plans', 1000, 7, 4.99),
      plan('Daily Unlimited Plans', -1, 1, 5.99),
    ];
    expect(groupPlans(plans, order).map((group) => group.name)).toEqual([
      'Standard Plans',
      'Daily Unlimited Plans',
      'Standard Unlimited Plans',
    ]);
  });

  it('shows a group the list does not know after the known ones', () => {
    const plans = [plan('Vendor Plans', 2000, 10, 8), plan('Roaming Plans', 1000, 7, 6)];
    expect(groupPlans(plans, order).map((group) => group.name)).toEqual([
      'Roaming Plans',
      'Vendor Plans',
    ]);
  });

  it('orders a group from the smallest allowance to unlimited, then by days', () => {
    const plans = [
      plan('Standard Plans', 5000, 30, 14.99),
      plan('Standard Plans', -1, 3, 9.99),
      plan('Standard Plans', 1000, 7, 4.99),
      plan('Standard Plans', 1000, 3, 3.99),
    ];
    const [group] = groupPlans(plans, order);
    expect(group?.plans.map((entry) => [entry.pla_data_amount, entry.pla_duration])).toEqual([
      [1000, 3],
      [1000, 7],
      [5000, 30],
      [-1, 3],
    ]);
  });

  it('reduces duplicate offers to the cheapest', () => {
    const cheap = plan('Standard Plans', 5000, 30, 13.49);
    const plans = [
      plan('Standard Plans', 5000, 30, 14.99),
      cheap,
      plan('Standard Plans', 5000, 15, 11),
    ];
    expect(withoutDuplicateOffers(plans)).toHaveLength(2);
    expect(withoutDuplicateOffers(plans)).toContain(cheap);
  });

  it('has no groups without plans', () => {
    expect(groupPlans([], order)).toEqual([]);
  });
});

describe('plan group names', () => {
  const say = (messages: Record<string, string>) =>
    ((id: string) => messages[id] ?? id) as unknown as Translate;

  it("says the shop's groups in the language, and keeps an unknown group's own name", () => {
    const t = say({ 'plans.group.dailyUnlimited': 'Forfaits illimités à la journée' });
    expect(planGroupLabel('Daily Unlimited Plans', t)).toBe('Forfaits illimités à la journée');
    expect(planGroupLabel('Vendor Plans', t)).toBe('Vendor Plans');
    expect(planGroupLabel('toString', t)).toBe('toString');
  });
});
