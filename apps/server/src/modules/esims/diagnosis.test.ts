import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type EsimBundles, EsimGoError, type EsimLocation } from '../../integrations/esimgo/client';
import { esimLocationSchema } from '../../integrations/esimgo/schemas';
import {
  ATTACHED_WITHIN_MS,
  currentBundle,
  diagnose,
  type ProviderFacts,
  readLocation,
  usableBundleNames,
} from './diagnosis';

const NOW = new Date('2030-05-01T12:00:00Z');
const ICCID = '8944000000000000017';
const HOUR = 3_600_000;

function bundles(...states: string[]): EsimBundles {
  return {
    bundles: [
      {
        name: 'esim_1GB_7D_FR_V2',
        description: '1 GB, 7 days, France',
        assignments: states.map((bundleState, index) => ({
          id: String(index + 1),
          initialQuantity: 1_000_000_000,
          remainingQuantity: bundleState === 'depleted' ? 0 : 400_000_000,
          assignmentDateTime: new Date(
            NOW.getTime() - (states.length - index) * HOUR,
          ).toISOString(),
          startTime: undefined,
          endTime: undefined,
          bundleState,
          unlimited: false,
        })),
      },
    ],
  };
}

const orange: EsimLocation = {
  networkName: 'Orange F',
  networkBrandName: undefined,
  mobileNetworkCode: '20801',
  country: 'FR',
  lastSeen: new Date(NOW.getTime() - HOUR).toISOString(),
};

function facts(changes: Partial<ProviderFacts> & { profileStatus?: string }): ProviderFacts {
  const { profileStatus = 'Installed', ...rest } = changes;
  return { iccid: ICCID, details: { profileStatus }, now: NOW, apn: null, ...rest };
}

/** An eSIM never seen on a network, as the simulator answers it: every field empty. */
const never = esimLocationSchema.parse({
  mobileNetworkCode: '',
  networkName: '',
  networkBrandName: '',
  country: '',
  lastSeen: '',
});

const stepIds = (diagnosis: ReturnType<typeof diagnose>) => diagnosis.steps.map((step) => step.id);

describe('the connection doctor’s verdict', () => {
  it('says an eSIM still Released is not installed, and to install it from the QR code', () => {
    const diagnosis = diagnose(facts({ profileStatus: 'Released' }));
    expect(diagnosis.verdict).toBe('not_installed');
    expect(stepIds(diagnosis)).toEqual(['install_qr', 'contact_support']);
    expect(diagnosis.network).toBeNull();
  });

  it('asks to switch on a profile that reached the phone but is not installed', () => {
    const diagnosis = diagnose(facts({ profileStatus: 'Downloaded' }));
    expect(diagnosis.verdict).toBe('not_installed');
    expect(stepIds(diagnosis)).toEqual(['finish_install', 'restart_phone', 'contact_support']);
  });

  it('sends a deactivated eSIM straight to support: its QR code will not install again', () => {
    const diagnosis = diagnose(facts({ profileStatus: 'Deactivated', bundles: bundles('active') }));
    expect(diagnosis.verdict).toBe('not_installed');
    expect(stepIds(diagnosis)).toEqual(['contact_support']);
  });

  it('says to buy or top up when every bundle is used up or expired', () => {
    const diagnosis = diagnose(
      facts({ bundles: bundles('expired', 'depleted'), location: orange }),
    );
    expect(diagnosis.verdict).toBe('no_active_bundle');
    expect(stepIds(diagnosis)).toEqual(['buy_or_top_up', 'contact_support']);
    expect(diagnosis.bundle).toMatchObject({ state: 'depleted', remainingQuantity: 0 });
  });

  it('says the same of an installed eSIM that never had a bundle', () => {
    expect(diagnose(facts({ bundles: { bundles: [] } })).verdict).toBe('no_active_bundle');
  });

  it('counts a queued bundle as one to use, once the one before it ends', () => {
    const diagnosis = diagnose(facts({ bundles: bundles('depleted', 'queued') }));
    expect(diagnosis.verdict).toBe('not_attached');
    expect(diagnosis.bundle?.state).toBe('queued');
  });

  it('says to turn on roaming, choose the line, restart and refresh when never seen on a network', () => {
    const diagnosis = diagnose(facts({ bundles: bundles('active') }));
    expect(diagnosis.verdict).toBe('not_attached');
    expect(stepIds(diagnosis)).toEqual([
      'turn_on_roaming',
      'choose_data_line',
      'restart_phone',
      'refresh_network',
      'contact_support',
    ]);
  });

  it('does not count a network last seen more than a day ago as attached', () => {
    const stale = {
      ...orange,
      lastSeen: new Date(NOW.getTime() - ATTACHED_WITHIN_MS).toISOString(),
    };
    const diagnosis = diagnose(facts({ bundles: bundles('active'), location: stale }));
    expect(diagnosis.verdict).toBe('not_attached');
    expect(diagnosis.network?.networkName).toBe('Orange F');
  });

  it('says attached with the network, an APN hint and support prefilled with what it found', () => {
    const diagnosis = diagnose(
      facts({ bundles: bundles('active'), location: orange, apn: 'internet' }),
    );
    expect(diagnosis.verdict).toBe('attached');
    expect(diagnosis.network).toEqual({
      networkName: 'Orange F',
      mobileNetworkCode: '20801',
      country: 'FR',
      lastSeen: orange.lastSeen,
    });
    expect(diagnosis.steps).toEqual([
      { id: 'apn_hint', apn: 'internet' },
      { id: 'refresh_network' },
      {
        id: 'contact_support',
        details: {
          iccid: ICCID,
          verdict: 'attached',
          profileStatus: 'Installed',
          bundleName: 'esim_1GB_7D_FR_V2',
          bundleState: 'active',
          networkName: 'Orange F',
          country: 'FR',
          lastSeen: orange.lastSeen,
          checkedAt: NOW.toISOString(),
        },
      },
    ]);
  });

  it('says a country the bundles do not cover is not covered, and offers its plans as a top-up', () => {
    const telekom = {
      ...orange,
      networkName: 'Telekom',
      mobileNetworkCode: '26201',
      country: 'DE',
    };
    const germany = { iso: 'DE', name: 'Germany' };
    const diagnosis = diagnose(
      facts({
        bundles: bundles('active'),
        location: telekom,
        coverage: { covered: false, country: germany, plans: [] },
      }),
    );
    expect(diagnosis.verdict).toBe('not_covered');
    expect(diagnosis.steps[0]).toEqual({ id: 'top_up_for_country', country: germany, plans: [] });
    expect(stepIds(diagnosis)).toEqual(['top_up_for_country', 'contact_support']);
    expect(diagnosis.network?.country).toBe('DE');
  });

  it('says attached where the bundles work, or where nobody knows what they cover', () => {
    const france = { iso: 'FR', name: 'France' };
    const covered = { covered: true, country: france, plans: [] };
    expect(
      diagnose(facts({ bundles: bundles('active'), location: orange, coverage: covered })).verdict,
    ).toBe('attached');
    expect(diagnose(facts({ bundles: bundles('active'), location: orange })).verdict).toBe(
      'attached',
    );
  });

  it('does not judge the coverage of a network last seen more than a day ago', () => {
    const stale = {
      ...orange,
      country: 'DE',
      lastSeen: new Date(NOW.getTime() - ATTACHED_WITHIN_MS).toISOString(),
    };
    const uncovered = { covered: false, country: { iso: 'DE', name: 'Germany' }, plans: [] };
    const diagnosis = diagnose(
      facts({ bundles: bundles('active'), location: stale, coverage: uncovered }),
    );
    expect(diagnosis.verdict).toBe('not_attached');
  });

  it('reads an empty location as never seen', () => {
    const diagnosis = diagnose(facts({ bundles: bundles('active'), location: never }));
    expect(diagnosis.verdict).toBe('not_attached');
    expect(diagnosis.network).toBeNull();
  });
});

describe('the bundle the doctor looks at', () => {
  it('is the active one, else the first queued, else the newest', () => {
    expect(currentBundle(bundles('expired', 'active', 'queued'))?.state).toBe('active');
    expect(currentBundle(bundles('depleted', 'queued', 'queued'))).toMatchObject({
      state: 'queued',
    });
    expect(currentBundle(bundles('expired', 'depleted'))?.state).toBe('depleted');
    expect(currentBundle({ bundles: [] })).toBeUndefined();
  });
});

describe('the bundles whose countries count', () => {
  it('are the ones giving data now or next, each named once', () => {
    expect(usableBundleNames(bundles('expired', 'active', 'queued'))).toEqual([
      'esim_1GB_7D_FR_V2',
    ]);
    expect(usableBundleNames(bundles('expired', 'depleted'))).toEqual([]);
  });
});

describe('reading the location', () => {
  const log = pino({ level: 'silent' });

  it('takes a 400 for an eSIM the provider has just described as never seen on a network', async () => {
    const refusing = {
      getEsimLocation: () => Promise.reject(new EsimGoError('no location', 400, 'http')),
    };
    await expect(readLocation(refusing, ICCID, log)).resolves.toBeUndefined();
  });

  it('turns any other failure into the 502 a person can act on', async () => {
    const failing = {
      getEsimLocation: () => Promise.reject(new EsimGoError('down', 500, 'http')),
    };
    await expect(readLocation(failing, ICCID, log)).rejects.toMatchObject({ statusCode: 502 });
  });
});
