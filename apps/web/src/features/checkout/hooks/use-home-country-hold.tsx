/**
 * A plan for the buyer's own country waits for their confirmation (issue 31): the home country
 * (the account's mobile number, else the browser's region), whether this plan is for it, and
 * the tick. Both purchase pages hold their payment button on it the same way.
 */
import type { Plan } from '@tern/contract/catalog';
import { useId, useState } from 'react';
import { HomeCountryCheck } from '../components/destination-checks';
import { browserLanguages, homeCountryOf, planCountry } from '../utils/destination-checks';

export function useHomeCountryHold(mobile: string, plan: Plan) {
  const [home] = useState(() => homeCountryOf(mobile, browserLanguages()));
  const forHome = home !== undefined && planCountry(plan) === home.iso;
  const [confirmed, setConfirmed] = useState(false);
  const hintId = useId();
  return {
    home: forHome ? home : undefined,
    forHome,
    confirmed,
    setConfirmed,
    /** The payment button waits while this is true. */
    held: forHome && !confirmed,
    /** The id of the line that says why the button waits. */
    hintId,
    /** The create-session field: the buyer confirmed a plan for their own country. */
    request: forHome ? { pur_home_country_confirmed: true } : {},
  };
}

export type HomeCountryHold = ReturnType<typeof useHomeCountryHold>;

/** The confirmation itself, shown only for a plan for the buyer's own country. */
export function HomeCountryHoldCheck({ hold }: { hold: HomeCountryHold }) {
  if (!hold.home) return null;
  return (
    <div className="mt-6">
      <HomeCountryCheck
        home={hold.home}
        confirmed={hold.confirmed}
        onConfirmedChange={hold.setConfirmed}
      />
    </div>
  );
}
