// How a plan reads on a card: its price, and what it tells before buying (decision 0015).
import {
  describeNetwork,
  fairUseNote,
  fastestSpeed,
  formatAmount,
  type Plan,
  type PlanNetwork,
  startsOnFirstConnection,
} from '@tern/contract';

/** '$ 4.99', the shop's way of showing a price. */
export function formatPrice(amount: number): string {
  return `$ ${formatAmount(amount)}`;
}

/** 'Orange (5G), SFR (5G), Bouygues Telecom (4G)'. */
export function formatNetworks(networks: readonly PlanNetwork[]): string {
  return networks.map(describeNetwork).join(', ');
}

export type PlanFactKind = 'networks' | 'speed' | 'coverage' | 'fair-use' | 'start';

export interface PlanFact {
  kind: PlanFactKind;
  text: string;
}

type FactsOf = Pick<
  Plan,
  'plc_name' | 'coverage' | 'pla_networks' | 'pla_speeds' | 'pla_fair_use' | 'pla_autostart'
>;

/**
 * What a card says about a plan, only from what the provider says: the networks in its
 * country (a regional plan: how many countries, the networks being in its coverage list), the
 * fastest speed when no network names it, the fair-use rule of an unlimited plan, and that it
 * starts on first connection. Nothing about hotspot use: the provider does not say.
 */
export function planFacts(plan: FactsOf): PlanFact[] {
  const facts: PlanFact[] = [];
  if (plan.coverage > 1) {
    facts.push({ kind: 'coverage', text: `Works in ${plan.coverage} countries` });
  }
  if (plan.pla_networks.length > 0) {
    facts.push({
      kind: 'networks',
      text: `Networks in ${plan.plc_name}: ${formatNetworks(plan.pla_networks)}`,
    });
  } else {
    const fastest = fastestSpeed(plan.pla_speeds);
    if (fastest) facts.push({ kind: 'speed', text: `Up to ${fastest}` });
  }
  if (plan.pla_fair_use) facts.push({ kind: 'fair-use', text: fairUseNote(plan.pla_fair_use) });
  if (plan.pla_autostart) facts.push({ kind: 'start', text: startsOnFirstConnection });
  return facts;
}
