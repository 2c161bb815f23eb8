/**
 * What the connection doctor shows, decided apart from the dialog so it can be tested:
 * the provider's findings, the checklist a traveller can follow with no network (issue 26),
 * an error, or the wait for an answer; and, for a phone in a country the eSIM does not
 * cover, which country and the plans to offer for it.
 */

import type { Plan } from '@tern/contract/catalog';
import type { Diagnosis, DiagnosisStep } from '@tern/contract/diagnosis';

export type DoctorView = 'findings' | 'offline' | 'failed' | 'checking';

/** What the view reads of the diagnosis query (TanStack Query's result). */
export interface DoctorQueryState {
  data: Diagnosis | undefined;
  /** TanStack Query holds a request while the browser says it is offline. */
  isPaused: boolean;
  error: unknown;
}

/**
 * No network now (the request held offline, or sent and not answered at all: fetch() rejects
 * with a TypeError only then) shows the checklist at once, rather than a wait that cannot end
 * or findings from before; a refusal or a 5xx is an error; else the findings once there.
 */
export function doctorView(query: DoctorQueryState): DoctorView {
  if (query.isPaused || query.error instanceof TypeError) return 'offline';
  if (query.error) return 'failed';
  return query.data ? 'findings' : 'checking';
}

/** What a traveller can check on the phone with no network: the doctor's usual first steps. */
export const offlineChecklist: readonly DiagnosisStep[] = [
  { id: 'turn_on_roaming' },
  { id: 'choose_data_line' },
  { id: 'restart_phone' },
];

type CountryStep = Extract<DiagnosisStep, { id: 'top_up_for_country' }>;

/**
 * The country the phone is in that the eSIM does not cover, as the server named it (the
 * server sends its top-up step with every not_covered verdict).
 */
export function uncoveredCountry(diagnosis: Diagnosis): CountryStep['country'] | undefined {
  if (diagnosis.verdict !== 'not_covered') return undefined;
  return diagnosis.steps.find((step): step is CountryStep => step.id === 'top_up_for_country')
    ?.country;
}

/** How many of a country's plans the doctor names; its plan page lists them all. */
export const OFFERED_PLANS = 3;

/**
 * The cheapest few (at one price, more data first, then more days), each title and price
 * once: two groups may sell the same 'Unlimited · 1 day' at one price, which reads as a
 * repeat here (the plan page tells them apart).
 */
export function cheapestPlans(plans: readonly Plan[], count = OFFERED_PLANS): Plan[] {
  const named = new Set<string>();
  return [...plans]
    .sort(
      (a, b) =>
        a.pla_price - b.pla_price ||
        dataAmount(b) - dataAmount(a) ||
        b.pla_duration - a.pla_duration,
    )
    .filter((plan) => {
      const reading = `${plan.pla_title} ${plan.pla_price}`;
      if (named.has(reading)) return false;
      named.add(reading);
      return true;
    })
    .slice(0, count);
}

// Unlimited (-1) counts as the most data.
function dataAmount(plan: Plan): number {
  return plan.pla_unlimited ? Number.POSITIVE_INFINITY : plan.pla_data_amount;
}
