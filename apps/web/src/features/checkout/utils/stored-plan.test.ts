import type { Plan } from '@tern/contract/catalog';
import { planDetailsQuery } from '@tern/contract/plan-details-link';
import { hrefTo, paths } from '@tern/contract/routes';
import { describe, expect, it } from 'vitest';
import { francePlan } from '../../../testing/catalog';
import { planPageFromUrl, purchaseFromPlanUrl, readStoredPlan } from './stored-plan';

const france = { kind: 'country', iso: 'FR', name: 'France' } as const;
const ICCID = '8944500102198304826';
const regularUrl = hrefTo(paths.planDetails, planDetailsQuery(france));
const topupUrl = hrefTo(
  paths.planDetails,
  planDetailsQuery(france, { purchaseType: 'Topup', iccid: ICCID }),
);

/** Only passed through: any plan the contract accepts. */
const samplePlan: Plan = francePlan;

describe('the purchase a stored plan URL names', () => {
  it('is a new eSIM for a Regular plan page', () => {
    expect(purchaseFromPlanUrl(regularUrl)).toEqual({ type: 'Regular' });
  });

  it('is a top-up of the named eSIM for a Topup plan page', () => {
    expect(purchaseFromPlanUrl(topupUrl)).toEqual({ type: 'Topup', iccid: ICCID });
  });

  it('is a new eSIM when no URL was stored', () => {
    expect(purchaseFromPlanUrl(undefined)).toEqual({ type: 'Regular' });
    expect(purchaseFromPlanUrl('')).toEqual({ type: 'Regular' });
  });

  it('refuses a top-up whose ICCID is missing or malformed, rather than sell a new eSIM', () => {
    expect(purchaseFromPlanUrl('#/plan-details?purchase_type=Topup')).toBeUndefined();
    expect(purchaseFromPlanUrl('#/plan-details?purchase_type=Topup&iccid=12ab')).toBeUndefined();
  });
});

describe('the plan page to go back to', () => {
  it('is the stored plan-details location, without the hash', () => {
    expect(planPageFromUrl(regularUrl)).toBe(regularUrl.slice(1));
    expect(planPageFromUrl(regularUrl.slice(1))).toBe(regularUrl.slice(1));
  });

  it('is nothing for a missing URL or one that is not a plan-details page', () => {
    expect(planPageFromUrl(undefined)).toBeUndefined();
    expect(planPageFromUrl('#/profile')).toBeUndefined();
    expect(planPageFromUrl('https://evil.example/#/plan-details?x=1')).toBeUndefined();
  });
});

describe('reading the stored plan', () => {
  it('is ready with the plan, the purchase and the plan page', () => {
    expect(readStoredPlan({ plan: samplePlan, url: topupUrl })).toEqual({
      kind: 'ready',
      plan: samplePlan,
      purchase: { type: 'Topup', iccid: ICCID },
      planPage: topupUrl.slice(1),
    });
  });

  it('finds none when nothing is stored or the stored value is not a plan', () => {
    expect(readStoredPlan(undefined)).toEqual({ kind: 'none' });
    expect(readStoredPlan({ plan: { pla_name: 'x' }, url: regularUrl })).toEqual({ kind: 'none' });
    expect(readStoredPlan({ plan: null, url: undefined })).toEqual({ kind: 'none' });
  });

  it('flags a broken top-up link', () => {
    expect(readStoredPlan({ plan: samplePlan, url: '#/plan-details?purchase_type=Topup' })).toEqual(
      { kind: 'invalid-topup', planPage: '/plan-details?purchase_type=Topup' },
    );
  });
});
