import type { Plan } from '@tern/contract/catalog';
import type { Diagnosis } from '@tern/contract/diagnosis';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { cheapestPlans, doctorView, offlineChecklist, uncoveredCountry } from './doctor-view';

const support = {
  id: 'contact_support',
  details: {
    iccid: '8944000000000000017',
    verdict: 'not_covered',
    profileStatus: 'Installed',
    bundleName: 'esim_1GB_7D_FR_V2',
    bundleState: 'active',
    networkName: 'Telekom',
    country: 'DE',
    lastSeen: '2030-05-01T11:00:00.000Z',
    checkedAt: '2030-05-01T12:00:00.000Z',
  },
} as const;

const inGermany: Diagnosis = {
  iccid: '8944000000000000017',
  verdict: 'not_covered',
  steps: [
    { id: 'top_up_for_country', country: { iso: 'DE', name: 'Germany' }, plans: [] },
    support,
  ],
  profileStatus: 'Installed',
  bundle: null,
  network: {
    networkName: 'Telekom',
    mobileNetworkCode: '26201',
    country: 'DE',
    lastSeen: '2030-05-01T11:00:00.000Z',
  },
  checkedAt: '2030-05-01T12:00:00.000Z',
};

const waiting = { data: undefined, isPaused: false, error: null };

describe('what the connection doctor shows', () => {
  it('shows the findings once they are there', () => {
    expect(doctorView({ ...waiting, data: inGermany })).toBe('findings');
  });

  it('shows the offline checklist at once when the request is held offline or got no answer', () => {
    expect(doctorView({ ...waiting, isPaused: true })).toBe('offline');
    expect(doctorView({ ...waiting, error: new TypeError('Failed to fetch') })).toBe('offline');
  });

  it('shows the checklist rather than findings from before when the check again gets no answer', () => {
    expect(doctorView({ ...waiting, data: inGermany, isPaused: true })).toBe('offline');
    const noAnswer = new TypeError('Failed to fetch');
    expect(doctorView({ ...waiting, data: inGermany, error: noAnswer })).toBe('offline');
  });

  it('shows an error when the shop answered with one, and the wait while it may still answer', () => {
    expect(doctorView({ ...waiting, error: new ApiError(502, 'The provider…') })).toBe('failed');
    expect(doctorView(waiting)).toBe('checking');
  });

  it('lists, offline, the checks a traveller can make on the phone', () => {
    expect(offlineChecklist.map((step) => step.id)).toEqual([
      'turn_on_roaming',
      'choose_data_line',
      'restart_phone',
    ]);
  });
});

describe('the country an eSIM does not cover', () => {
  it('is the one of the top-up step of a not_covered verdict', () => {
    expect(uncoveredCountry(inGermany)).toEqual({ iso: 'DE', name: 'Germany' });
  });

  it('is none for any other verdict', () => {
    expect(uncoveredCountry({ ...inGermany, verdict: 'attached' })).toBeUndefined();
  });
});

describe('the plans the doctor names', () => {
  const plan = (id: number, price: number, data: number, days: number) =>
    ({
      pla_id: id,
      pla_title: `${data} MB · ${days} days`,
      pla_price: price,
      pla_data_amount: data,
      pla_unlimited: data === -1,
      pla_duration: days,
    }) as Plan;

  it('are the three cheapest, more data first at one price, then more days', () => {
    const plans = [
      plan(1, 9.99, 3000, 30),
      plan(2, 4.99, 1000, 7),
      plan(3, 4.99, 1000, 15),
      plan(4, 4.99, 2000, 7),
      plan(5, 19.99, -1, 7),
    ];
    expect(cheapestPlans(plans).map((each) => each.pla_id)).toEqual([4, 3, 2]);
    expect(cheapestPlans(plans, 5).map((each) => each.pla_id)).toEqual([4, 3, 2, 1, 5]);
    expect(cheapestPlans([])).toEqual([]);
  });

  it('name a title at one price once, though two groups sell it', () => {
    const plans = [plan(1, 2.99, -1, 1), plan(2, 2.99, -1, 1), plan(3, 3.99, 1000, 7)];
    expect(cheapestPlans(plans).map((each) => each.pla_id)).toEqual([1, 3]);
  });
});
