/**
 * The connection doctor: asks the provider, at the moment the traveller is stuck, whether the
 * eSIM is installed, has a bundle to use and was seen on a network, and says what to do next.
 * `diagnose` is the pure verdict; `createConnectionDoctor` gathers the provider's answers for
 * an eSIM the buyer owns and asks the network for a refresh when the buyer taps it.
 */
import type {
  Diagnosis,
  DiagnosisStep,
  DiagnosisVerdict,
  RefreshNetworkResponse,
  SupportDetails,
} from '@tern/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badGateway, HttpError, type TextKey } from '../../errors';
import type {
  EsimBundles,
  EsimDetails,
  EsimGoClient,
  EsimLocation,
} from '../../integrations/esimgo/client';
import { EsimGoError } from '../../integrations/esimgo/client';
import type { Clock } from '../../lib/clock';
import { ONE_HOUR_MS, type RateLimiter } from '../../lib/rate-limiter';
import type { CountryCoverage } from '../catalog/service';

/** Seen on a network within this long: attached. A phone registers again every hour or so. */
export const ATTACHED_WITHIN_MS = 24 * ONE_HOUR_MS;
/**
 * A refresh disconnects the traveller and is meant "for troubleshooting purposes only"
 * (https://docs.esim-go.com/api/v2_5/operations/esimsiccidrefresh/get): a few an hour per eSIM.
 */
export const REFRESHES_PER_ESIM_PER_HOUR = 3;

/** eSIM Go's statuses, and the GSMA states some providers pass on, by what they mean here. */
type InstallState = 'installed' | 'on_phone_off' | 'not_yet' | 'gone';

function installStateOf(profileStatus: string): InstallState {
  switch (profileStatus.trim().toLowerCase()) {
    case 'installed':
    case 'enabled':
      return 'installed';
    // Downloaded to the phone, not (yet) switched on.
    case 'downloaded':
    case 'disabled':
      return 'on_phone_off';
    // Removed from the phone or refused by the SM-DP+: the QR code will not help any more.
    case 'deactivated':
    case 'unavailable':
    case 'deleted':
      return 'gone';
    default:
      return 'not_yet';
  }
}

/** Bundle states that still give data, now or once the bundle before them ends. */
const USABLE_STATES = new Set(['active', 'queued', 'processing']);

export interface BundleReading {
  name: string;
  state: string;
  remainingQuantity: number;
  unlimited: boolean;
  endTime: string | null;
  assignedAt: string | null;
}

/** The bundle in use, else the next one queued, else the one assigned last. */
export function currentBundle(bundles: EsimBundles): BundleReading | undefined {
  const all = bundles.bundles.flatMap((bundle) =>
    bundle.assignments.map((assignment) => ({
      name: bundle.name,
      state: assignment.bundleState.toLowerCase(),
      remainingQuantity: assignment.remainingQuantity,
      unlimited: assignment.unlimited,
      endTime: assignment.endTime ?? null,
      assignedAt: assignment.assignmentDateTime ?? null,
    })),
  );
  const newestFirst = [...all].sort((a, b) => time(b.assignedAt) - time(a.assignedAt));
  return (
    newestFirst.find((bundle) => bundle.state === 'active') ??
    [...newestFirst].reverse().find((bundle) => USABLE_STATES.has(bundle.state)) ??
    newestFirst[0]
  );
}

function time(iso: string | null): number {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(at) ? 0 : at;
}

export interface ProviderFacts {
  iccid: string;
  details: Pick<EsimDetails, 'profileStatus'>;
  /** Undefined when not asked (the eSIM is not installed). */
  bundles?: EsimBundles;
  /** Undefined when not asked or never seen on a network. */
  location?: EsimLocation;
  now: Date;
  /** The APN to suggest; null: the eSIM's own default. */
  apn: string | null;
  /**
   * Whether the usable bundles work in the country of the network the phone is on; undefined
   * when not asked (no recent network) or not known (no bundle in the catalogue).
   */
  coverage?: CountryCoverage;
}

/** The verdict and the steps to try, in order, from what the provider told. */
export function diagnose(facts: ProviderFacts): Diagnosis {
  const install = installStateOf(facts.details.profileStatus);
  const bundle =
    install === 'installed' && facts.bundles ? currentBundle(facts.bundles) : undefined;
  const hasBundle = bundle !== undefined && USABLE_STATES.has(bundle.state);
  const network = install === 'installed' && hasBundle ? networkOf(facts.location) : undefined;
  const verdict: DiagnosisVerdict =
    install !== 'installed'
      ? 'not_installed'
      : !hasBundle
        ? 'no_active_bundle'
        : network && seenRecently(network.lastSeen, facts.now)
          ? facts.coverage?.covered === false
            ? 'not_covered'
            : 'attached'
          : 'not_attached';
  const support: SupportDetails = {
    iccid: facts.iccid,
    verdict,
    profileStatus: facts.details.profileStatus,
    bundleName: bundle?.name ?? null,
    bundleState: bundle?.state ?? null,
    networkName: network?.networkName ?? null,
    country: network?.country ?? null,
    lastSeen: network?.lastSeen ?? null,
    checkedAt: facts.now.toISOString(),
  };
  return {
    iccid: facts.iccid,
    verdict,
    steps: [...stepsFor(verdict, install, facts), { id: 'contact_support', details: support }],
    profileStatus: facts.details.profileStatus,
    bundle: bundle
      ? {
          name: bundle.name,
          state: bundle.state,
          remainingQuantity: bundle.remainingQuantity,
          unlimited: bundle.unlimited,
          endTime: bundle.endTime,
        }
      : null,
    network: network ?? null,
    checkedAt: facts.now.toISOString(),
  };
}

/** What to try before writing to support, by verdict. */
function stepsFor(
  verdict: DiagnosisVerdict,
  install: InstallState,
  { apn, coverage }: Pick<ProviderFacts, 'apn' | 'coverage'>,
): DiagnosisStep[] {
  switch (verdict) {
    case 'not_installed':
      switch (install) {
        case 'on_phone_off':
          return [{ id: 'finish_install' }, { id: 'restart_phone' }];
        case 'gone':
          // Most eSIMs install only once: support has to look at this one.
          return [];
        case 'not_yet':
        case 'installed':
          return [{ id: 'install_qr' }];
      }
      return [];
    case 'no_active_bundle':
      return [{ id: 'buy_or_top_up' }];
    case 'not_attached':
      return [
        { id: 'turn_on_roaming' },
        { id: 'choose_data_line' },
        { id: 'restart_phone' },
        { id: 'refresh_network' },
      ];
    case 'not_covered':
      // Roaming settings and the APN cannot help: no bundle of this eSIM works there.
      return coverage
        ? [{ id: 'top_up_for_country', country: coverage.country, plans: coverage.plans }]
        : [];
    case 'attached':
      return [{ id: 'apn_hint', apn }, { id: 'refresh_network' }];
  }
}

function networkOf(location: EsimLocation | undefined): Diagnosis['network'] {
  const name = location?.networkBrandName ?? location?.networkName ?? location?.mobileNetworkCode;
  if (!location || !name) return null;
  return {
    networkName: name,
    mobileNetworkCode: location.mobileNetworkCode ?? null,
    country: location.country ?? null,
    lastSeen: location.lastSeen ?? null,
  };
}

/** The names of the bundles that give data now or next: the ones whose countries count. */
export function usableBundleNames(bundles: EsimBundles): string[] {
  const names = bundles.bundles
    .filter((bundle) =>
      bundle.assignments.some((assignment) =>
        USABLE_STATES.has(assignment.bundleState.toLowerCase()),
      ),
    )
    .map((bundle) => bundle.name);
  return [...new Set(names)];
}

/** A network without a time is taken at its word; a last sighting days ago is not attached. */
function seenRecently(lastSeen: string | null, now: Date): boolean {
  if (!lastSeen) return true;
  return now.getTime() - Date.parse(lastSeen) < ATTACHED_WITHIN_MS;
}

/** A refusal that says when to try again (sent as Retry-After). */
export class RetryLaterError extends HttpError {
  override name = 'RetryLaterError';
  constructor(
    statusCode: number,
    key: TextKey,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, key);
  }
}

export interface ConnectionDoctorDependencies {
  /** Made on demand: the built-in simulator answers only once the app listens. */
  provider(): EsimGoClient;
  /** Throws the module's 404 unless this client owns the eSIM. */
  requireOwned(clientId: number, iccid: string): Promise<unknown>;
  clock: Clock;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  apn: string | null;
  /** Whether bundles of these names work in a country (the catalogue's coverage). */
  countryCoverage(
    bundleNames: readonly string[],
    iso: string,
  ): Promise<CountryCoverage | undefined>;
}

export type ConnectionDoctor = ReturnType<typeof createConnectionDoctor>;

export function createConnectionDoctor(deps: ConnectionDoctorDependencies) {
  /** Asks only what the verdict needs: bundles once installed, the network once a bundle is usable. */
  async function examine(clientId: number, iccid: string): Promise<Diagnosis> {
    await deps.requireOwned(clientId, iccid);
    const provider = deps.provider();
    const details = await ask('details', iccid, () => provider.getEsim(iccid));
    const facts: ProviderFacts = { iccid, details, now: deps.clock(), apn: deps.apn };
    if (installStateOf(details.profileStatus) !== 'installed') return diagnose(facts);
    facts.bundles = await ask('bundles', iccid, () => provider.getEsimBundles(iccid));
    const bundle = currentBundle(facts.bundles);
    if (!bundle || !USABLE_STATES.has(bundle.state)) return diagnose(facts);
    facts.location = await readLocation(provider, iccid, deps.log);
    facts.coverage = await coverageWhereSeen(facts.bundles, facts.location);
    return diagnose({ ...facts, now: deps.clock() });
  }

  /** Asked only for a country given as a code: a provider's own wording names nothing to check. */
  async function coverageWhereSeen(
    bundles: EsimBundles,
    location: EsimLocation | undefined,
  ): Promise<CountryCoverage | undefined> {
    const country = location?.country?.trim() ?? '';
    if (!/^[A-Za-z]{2}$/.test(country)) return undefined;
    try {
      return await deps.countryCoverage(usableBundleNames(bundles), country);
    } catch (error) {
      // The rest of the diagnosis still helps: only the coverage goes unsaid.
      deps.log.warn({ err: error, country }, 'coverage could not be read for the diagnosis');
      return undefined;
    }
  }

  async function refreshNetwork(clientId: number, iccid: string): Promise<RefreshNetworkResponse> {
    await deps.requireOwned(clientId, iccid);
    // Counted per eSIM after the ownership check, so nobody can use up another buyer's refreshes.
    const key = `esim-refresh:${iccid}`;
    const limit = await deps.rateLimiter.hit(key, REFRESHES_PER_ESIM_PER_HOUR, ONE_HOUR_MS);
    if (!limit.allowed) {
      throw new RetryLaterError(429, 'diagnosisMessages.refreshTooOften', limit.retryAfterSeconds);
    }
    try {
      await deps.provider().refreshEsim(iccid);
      return { status: 'refreshed' };
    } catch (error) {
      // Only a refresh that happened counts: a provider failing does not use up the hour's.
      await deps.rateLimiter.giveBack(key).catch((cause: unknown) => {
        deps.log.warn({ err: cause, iccid }, 'a failed refresh could not be given back');
      });
      throw refreshRefusal(error, iccid, deps.log);
    }
  }

  async function ask<T>(what: string, iccid: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      deps.log.warn({ err: error, iccid }, `eSIM ${what} could not be read for the diagnosis`);
      throw badGateway('profileMessages.providerUnavailable');
    }
  }

  return { examine, refreshNetwork };
}

/**
 * The last network, or undefined when the eSIM was never seen on one. eSIM Go documents no
 * answer for that case; a 400 for an eSIM the provider has just described is read the same way.
 */
export async function readLocation(
  provider: Pick<EsimGoClient, 'getEsimLocation'>,
  iccid: string,
  log: FastifyBaseLogger,
): Promise<EsimLocation | undefined> {
  try {
    return await provider.getEsimLocation(iccid);
  } catch (error) {
    if (error instanceof EsimGoError && error.esimNotHeld) return undefined;
    log.warn({ err: error, iccid }, 'eSIM location could not be read for the diagnosis');
    throw badGateway('profileMessages.providerUnavailable');
  }
}

/** The provider's refusals in words the buyer can act on; anything else is a 502. */
function refreshRefusal(error: unknown, iccid: string, log: FastifyBaseLogger): HttpError {
  if (error instanceof EsimGoError) {
    // "Deactivated eSIMs cannot be refreshed and will return a 400 Bad Request error."
    if (error.status === 400) return new HttpError(409, 'diagnosisMessages.refreshDeactivated');
    if (error.status === 503 || error.status === 429) {
      const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
      return new RetryLaterError(503, 'diagnosisMessages.refreshBusy', seconds);
    }
  }
  log.warn({ err: error, iccid }, 'eSIM network refresh failed at the provider');
  return badGateway('profileMessages.providerUnavailable');
}
