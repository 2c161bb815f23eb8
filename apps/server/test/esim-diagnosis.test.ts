/**
 * The connection doctor against the eSIM Go simulator: each verdict from what the provider
 * knows (install state, bundles, last network), the network refresh as the simulator records
 * it, and nothing for another buyer's eSIM.
 */
import {
  catalogApiPaths,
  type Diagnosis,
  diagnosisApiPaths,
  diagnosisMessages,
  orderApiPaths,
  type Plan,
  profileMessages,
  type RoamingCountry,
} from '@tern/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backdateEsim,
  clearFault,
  getAttachment,
  setAttachment,
  setFault,
  setProfileStatus,
} from '../src/sandbox/esimgo/control-client';
import type { TestApp } from './helpers/test-app';
import { type Buyer, bearer, buy, createOrdersTestApp, planIn, signIn } from './orders-kit';

const UNKNOWN_ICCID = '8900000000000000000';
const ORANGE = {
  attached: true,
  networkName: 'Orange F',
  mobileNetworkCode: '20801',
  country: 'FR',
} as const;
const TELEKOM = {
  attached: true,
  networkName: 'Telekom',
  mobileNetworkCode: '26201',
  country: 'DE',
} as const;

let shop: TestApp;
let owner: Buyer;
let stranger: Buyer;
let plan: Plan;
/** Stays with its bundle: not installed, then installed, then attached. */
let travelling: string;
/** Installed, and its bundle used up long ago. */
let usedUp: string;

beforeAll(async () => {
  shop = await createOrdersTestApp();
  owner = await signIn(shop);
  stranger = await signIn(shop, 'Karim Nasser');
  plan = await planIn(shop, 'FR');
  travelling = (await buy(shop, owner, plan)).answer.iccid ?? '';
  usedUp = (await buy(shop, owner, plan)).answer.iccid ?? '';
  expect(travelling).toMatch(/^\d{18,22}$/);
});
afterAll(async () => shop?.close());
afterEach(async () => {
  await clearFault(shop.url);
});

describe('the diagnosis', () => {
  it('says an eSIM never installed is not installed, and how to install it', async () => {
    const diagnosis = await diagnosisOf(travelling);
    expect(diagnosis).toMatchObject({
      iccid: travelling,
      verdict: 'not_installed',
      profileStatus: 'Released',
      network: null,
    });
    expect(stepIds(diagnosis)).toEqual(['install_qr', 'contact_support']);
  });

  it('says an installed eSIM never seen on a network is not attached, and what to switch on', async () => {
    await setProfileStatus(shop.url, travelling, 'Installed');
    const diagnosis = await diagnosisOf(travelling);
    expect(diagnosis.verdict).toBe('not_attached');
    expect(diagnosis.bundle).toMatchObject({ name: plan.pla_name });
    expect(diagnosis.network).toBeNull();
    expect(stepIds(diagnosis)).toEqual([
      'turn_on_roaming',
      'choose_data_line',
      'restart_phone',
      'refresh_network',
      'contact_support',
    ]);
  });

  it('says attached once the phone is on a network, with support prefilled with what it found', async () => {
    const location = await setAttachment(shop.url, travelling, ORANGE);
    const diagnosis = await diagnosisOf(travelling);
    expect(diagnosis.verdict).toBe('attached');
    expect(diagnosis.network).toEqual({
      networkName: 'Orange F',
      mobileNetworkCode: '20801',
      country: 'FR',
      lastSeen: location.lastSeen,
    });
    expect(stepIds(diagnosis)).toEqual(['apn_hint', 'refresh_network', 'contact_support']);
    expect(diagnosis.steps.at(-1)).toEqual({
      id: 'contact_support',
      details: {
        iccid: travelling,
        verdict: 'attached',
        profileStatus: 'Installed',
        bundleName: plan.pla_name,
        bundleState: diagnosis.bundle?.state,
        networkName: 'Orange F',
        country: 'FR',
        lastSeen: location.lastSeen,
        checkedAt: diagnosis.checkedAt,
      },
    });
  });

  it('does not take a network last seen more than a day ago for an attachment', async () => {
    await setAttachment(shop.url, travelling, { ...ORANGE, lastSeenMinutesAgo: 25 * 60 });
    expect((await diagnosisOf(travelling)).verdict).toBe('not_attached');
    await setAttachment(shop.url, travelling, { attached: false });
    expect((await diagnosisOf(travelling)).network).toBeNull();
    await setAttachment(shop.url, travelling, ORANGE);
    expect((await diagnosisOf(travelling)).verdict).toBe('attached');
  });

  it('says to buy or top up when the installed eSIM’s bundle is used up', async () => {
    await setProfileStatus(shop.url, usedUp, 'Installed');
    // Bought a day longer ago than the plan lasts: its bundle has expired.
    await backdateEsim(shop.url, usedUp, (plan.pla_duration + 1) * 24);
    const diagnosis = await diagnosisOf(usedUp);
    expect(diagnosis.verdict).toBe('no_active_bundle');
    expect(diagnosis.bundle?.state).toMatch(/^(depleted|expired)$/);
    expect(stepIds(diagnosis)).toEqual(['buy_or_top_up', 'contact_support']);
  });

  it('says the provider cannot be reached when it fails', async () => {
    await setFault(shop.url, { mode: 'error500' });
    const response = await get(diagnosisApiPaths.diagnosis.href(travelling), owner);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: profileMessages.providerUnavailable });
  });
});

describe('a phone in a country the eSIM’s plans do not cover', () => {
  it('says Germany is not covered and offers Germany’s plans as a top-up of the same eSIM', async () => {
    // A France plan that does not roam into Germany, as the catalogue says.
    const coverage = (await get(catalogApiPaths.planCoverage.href(String(plan.pla_id)))).json();
    expect((coverage as RoamingCountry[]).map((country) => country.plr_iso)).not.toContain('DE');
    const germanPlans = (await get(catalogApiPaths.countryPlans.href('DE'))).json() as Plan[];
    expect(germanPlans.length).toBeGreaterThan(0);

    const franceOnly = (await buy(shop, owner, plan)).answer.iccid ?? '';
    await setProfileStatus(shop.url, franceOnly, 'Installed');
    const location = await setAttachment(shop.url, franceOnly, TELEKOM);
    const diagnosis = await diagnosisOf(franceOnly);

    expect(diagnosis.verdict).toBe('not_covered');
    expect(diagnosis.network).toEqual({
      networkName: 'Telekom',
      mobileNetworkCode: '26201',
      country: 'DE',
      lastSeen: location.lastSeen,
    });
    // Neither the APN nor a network refresh can help: a plan for Germany can.
    expect(stepIds(diagnosis)).toEqual(['top_up_for_country', 'contact_support']);
    expect(diagnosis.steps[0]).toEqual({
      id: 'top_up_for_country',
      country: { iso: 'DE', name: 'Germany' },
      plans: germanPlans,
    });
    expect(diagnosis.steps.at(-1)).toMatchObject({
      id: 'contact_support',
      details: { verdict: 'not_covered', country: 'DE', bundleName: plan.pla_name },
    });
    // The plans offered are the ones a top-up of this very eSIM may buy.
    const topup = await get(orderApiPaths.topupPlans.href(franceOnly, 'DE'), owner);
    expect(topup.statusCode, topup.body).toBe(200);
    expect(topup.json()).toEqual(germanPlans);

    // Back in France, the same eSIM is attached and covered again.
    await setAttachment(shop.url, franceOnly, ORANGE);
    expect((await diagnosisOf(franceOnly)).verdict).toBe('attached');
  });

  it('says attached when one of the eSIM’s bundles covers the country, a top-up included', async () => {
    const germanPlan = await planIn(shop, 'DE');
    const franceFirst = (await buy(shop, owner, plan)).answer.iccid ?? '';
    await setProfileStatus(shop.url, franceFirst, 'Installed');
    await setAttachment(shop.url, franceFirst, TELEKOM);
    expect((await diagnosisOf(franceFirst)).verdict).toBe('not_covered');
    await buy(shop, owner, germanPlan, { pur_type: 'Topup', pur_client_iccid: franceFirst });
    const diagnosis = await diagnosisOf(franceFirst);
    expect(diagnosis.verdict).toBe('attached');
    expect(stepIds(diagnosis)).toEqual(['apn_hint', 'refresh_network', 'contact_support']);
  });
});

describe('refreshing the network', () => {
  it('asks eSIM Go for a refresh, which the simulator records', async () => {
    const before = (await getAttachment(shop.url, travelling)).refreshCount;
    const response = await refresh(travelling, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'refreshed' });
    expect((await getAttachment(shop.url, travelling)).refreshCount).toBe(before + 1);
  });

  it('says plainly when the network is busy, with when to try again', async () => {
    const before = (await getAttachment(shop.url, travelling)).refreshCount;
    await setFault(shop.url, { mode: 'processing', count: 1, retryAfterSeconds: 30 });
    const response = await refresh(travelling, owner);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toEqual({ message: diagnosisMessages.refreshBusy });
    // Asked once: a refresh disconnects the traveller, so it is never repeated by itself.
    expect((await getAttachment(shop.url, travelling)).refreshCount).toBe(before);
  });

  it('counts only refreshes that happened: provider failures use up none of the hour’s', async () => {
    const before = (await getAttachment(shop.url, travelling)).refreshCount;
    await setFault(shop.url, { mode: 'error500', route: 'GET /esims/:iccid/refresh', count: 3 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await refresh(travelling, owner)).statusCode).toBe(502);
    }
    const response = await refresh(travelling, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect((await getAttachment(shop.url, travelling)).refreshCount).toBe(before + 1);
  });

  it('refuses a fourth refresh of one eSIM within the hour', async () => {
    const before = (await getAttachment(shop.url, travelling)).refreshCount;
    expect((await refresh(travelling, owner)).statusCode).toBe(200);
    const refused = await refresh(travelling, owner);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: diagnosisMessages.refreshTooOften });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getAttachment(shop.url, travelling)).refreshCount).toBe(before + 1);
  });

  it('says a deactivated eSIM cannot be refreshed, and sends it to support', async () => {
    await setProfileStatus(shop.url, usedUp, 'Deactivated');
    const response = await refresh(usedUp, owner);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: diagnosisMessages.refreshDeactivated });
    // In the buyer's language when the request names one.
    const inFrench = await refresh(usedUp, owner, { 'accept-language': 'fr' });
    expect(inFrench.statusCode).toBe(409);
    expect(inFrench.json().message).toMatch(/^Cette eSIM n’est plus active sur le réseau/);
    expect((await getAttachment(shop.url, usedUp)).refreshCount).toBe(0);
    const diagnosis = await diagnosisOf(usedUp);
    expect(diagnosis.verdict).toBe('not_installed');
    expect(stepIds(diagnosis)).toEqual(['contact_support']);
  });
});

describe('another buyer’s eSIM', () => {
  it('is neither diagnosed nor refreshed: 404 exactly like an eSIM that does not exist', async () => {
    const before = (await getAttachment(shop.url, travelling)).refreshCount;
    const theirs = await get(diagnosisApiPaths.diagnosis.href(travelling), stranger);
    const absent = await get(diagnosisApiPaths.diagnosis.href(UNKNOWN_ICCID), stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(absent.body);
    const refused = await refresh(travelling, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe(absent.body);
    expect((await getAttachment(shop.url, travelling)).refreshCount).toBe(before);
    expect((await get(diagnosisApiPaths.diagnosis.href(travelling))).statusCode).toBe(401);
  });
});

// ---- helpers ----

const stepIds = (diagnosis: Diagnosis) => diagnosis.steps.map((step) => step.id);

function get(url: string, buyer?: Pick<Buyer, 'token'>) {
  return shop.app.inject({ method: 'GET', url, headers: buyer ? bearer(buyer) : {} });
}

async function diagnosisOf(iccid: string): Promise<Diagnosis> {
  const response = await get(diagnosisApiPaths.diagnosis.href(iccid), owner);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Diagnosis;
}

function refresh(iccid: string, buyer: Pick<Buyer, 'token'>, headers = {}) {
  return shop.request({
    method: 'POST',
    url: diagnosisApiPaths.refreshNetwork.href(iccid),
    headers: { ...bearer(buyer), ...headers },
  });
}
