/**
 * What a plan tells a traveller before buying, from the provider's catalogue (decision 0015):
 * the networks it uses in a country and their speeds, the fair-use rule of an unlimited plan
 * (full speed for so much a day, then slower), and when it starts. The shapes travel in the
 * catalogue answers; the sentences are the shop's, so every page says them the same way.
 * The provider says nothing about hotspot use, so neither does the shop.
 */
import { z } from 'zod';
import { formatDataAmount } from './plan-title';

/** A mobile network a plan uses in one country, by the name a phone shows, with its speeds. */
export const planNetworkSchema = z.object({
  name: z.string(),
  /** As the provider lists them: "4G", "5G"…; empty when it does not say. */
  speeds: z.array(z.string()),
});
export type PlanNetwork = z.infer<typeof planNetworkSchema>;

/** An unlimited plan's daily full-speed allowance and the speed after it. */
export const fairUseSchema = z.object({
  /** Full-speed data each day, in MB (1 GB = 1000 MB). */
  daily_full_speed_mb: z.number().int().positive(),
  /** The speed once that is used, until the day ends, in kbit/s. */
  reduced_speed_kbps: z.number().int().positive(),
});
export type FairUse = z.infer<typeof fairUseSchema>;

// Mobile generations in order, so "up to" names the fastest one a plan reaches.
const generations = ['2G', '3G', 'LTE', '4G', '5G'] as const;

/**
 * '5G' when any of these speeds is 5G, else the fastest generation named; a speed the shop
 * does not know is kept as the provider wrote it. Undefined when there is none.
 */
export function fastestSpeed(speeds: readonly string[]): string | undefined {
  let best: string | undefined = speeds[0];
  let bestRank = -1;
  for (const speed of speeds) {
    const rank = generations.indexOf(speed.toUpperCase() as (typeof generations)[number]);
    if (rank > bestRank) {
      best = speed;
      bestRank = rank;
    }
  }
  return best;
}

/** 'Orange (5G)', or just 'Orange' when the provider gives no speed. */
export function describeNetwork(network: PlanNetwork): string {
  const fastest = fastestSpeed(network.speeds);
  return fastest ? `${network.name} (${fastest})` : network.name;
}

/** '512 kbps', '1.25 Mbps', '2 Mbps'. */
export function formatSpeedLimit(kbps: number): string {
  return kbps < 1000 ? `${kbps} kbps` : `${Number((kbps / 1000).toFixed(2))} Mbps`;
}

/** 'Full speed for the first 1 GB each day, then up to 1.25 Mbps'. */
export function fairUseNote(fairUse: FairUse): string {
  const allowance = formatDataAmount({ dataMb: fairUse.daily_full_speed_mb, unlimited: false });
  return `Full speed for the first ${allowance} each day, then up to ${formatSpeedLimit(fairUse.reduced_speed_kbps)}`;
}

/** Spec section 1: a bundle starts when the phone connects to a supported network. */
export const startsOnFirstConnection = 'Starts when you first connect in a covered country';
