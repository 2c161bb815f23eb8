/**
 * Typed helpers that drive the eSIM Go simulator's controls over HTTP, for tests of any module.
 * `shopUrl` is the base URL of the listening shop (TestApp.url), e.g. http://127.0.0.1:41234.
 */
import type { CatalogueChanges } from '../../db/schema/esimgo-sandbox';
import { ESIMGO_SANDBOX_CONTROL_PATH } from './paths';
import type {
  AppliedBundle,
  AttachmentRequest,
  CatalogueChangesRequest,
  ClockState,
  EsimDetails,
  EsimLocation,
  FaultRequest,
  FaultState,
  ProfileStatus,
  ShapesRequest,
} from './protocol';
import type { RateLimitState } from './rate-limit';
import type { ShapeSettings } from './settings-repository';

export type { ClockState, FaultRequest, FaultState, ProfileStatus, RateLimitState };

async function control<T>(shopUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(
    `${shopUrl.replace(/\/$/, '')}${ESIMGO_SANDBOX_CONTROL_PATH}${path}`,
    {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  if (!response.ok) {
    throw new Error(
      `eSIM Go simulator ${path} answered ${response.status}: ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

export function getClock(shopUrl: string): Promise<ClockState> {
  return control(shopUrl, '/clock');
}

/** Moves the simulator's clock forward; fractions work (0.5 = 30 minutes). */
export function advanceClock(shopUrl: string, hours: number): Promise<ClockState> {
  return control(shopUrl, '/clock/advance', { hours });
}

export function advanceClockMinutes(shopUrl: string, minutes: number): Promise<ClockState> {
  return control(shopUrl, '/clock/advance', { minutes });
}

/**
 * E.g. `{ mode: 'error500', count: 2 }`: the next two provider calls answer 500;
 * `{ mode: 'async', asyncDelayMs: 1500 }`: orders get their eSIMs 1.5 s after they are placed;
 * `{ mode: 'processing' }`: reads answer 503 Processing with Retry-After;
 * `{ mode: 'failedOrder', count: 1, asyncDelayMs: 0 }`: the next purchase is taken as
 * processing and ends failed, with no eSIMs and its price back on the balance.
 */
export function setFault(shopUrl: string, fault: FaultRequest): Promise<FaultState> {
  return control(shopUrl, '/faults', fault);
}

/** The fault in force; a counted fault whose calls are used up reads as `none`. */
export function getFault(shopUrl: string): Promise<FaultState> {
  return control(shopUrl, '/faults');
}

export function clearFault(shopUrl: string): Promise<FaultState> {
  return control(shopUrl, '/faults', { mode: 'none' });
}

/** Plays the traveller's phone, e.g. `'Installed'` after scanning the QR code. */
export function setProfileStatus(
  shopUrl: string,
  iccid: string,
  profileStatus: ProfileStatus,
): Promise<EsimDetails> {
  return control(shopUrl, `/esims/${encodeURIComponent(iccid)}/status`, { profileStatus });
}

/** Plays the traveller using `usedPercent` of the bundle in use (its callbacks go out too). */
export function setUsage(
  shopUrl: string,
  iccid: string,
  usedPercent: number,
): Promise<{ assignmentId: string; bundle: string; bundleState?: string }> {
  return control(shopUrl, `/esims/${encodeURIComponent(iccid)}/usage`, { usedPercent });
}

/**
 * As if the eSIM's bundles had been bought `hours` earlier: they start and use data now, and
 * the shared clock stays where it is. Answers every bundle on the eSIM, used ones too.
 */
export function backdateEsim(
  shopUrl: string,
  iccid: string,
  hours: number,
): Promise<{ bundles: AppliedBundle[] }> {
  return control(shopUrl, `/esims/${encodeURIComponent(iccid)}/backdate`, { hours });
}

/**
 * Plays the phone attaching to a network, e.g. `{ attached: true, networkName: 'Orange F',
 * mobileNetworkCode: '20801', country: 'FR' }`, or to none (`{ attached: false }`).
 */
export function setAttachment(
  shopUrl: string,
  iccid: string,
  attachment: AttachmentRequest,
): Promise<EsimLocation> {
  return control(shopUrl, `/esims/${encodeURIComponent(iccid)}/attachment`, attachment);
}

/** The eSIM's last known network and how many network refreshes were asked for. */
export function getAttachment(
  shopUrl: string,
  iccid: string,
): Promise<EsimLocation & { refreshCount: number }> {
  return control(shopUrl, `/esims/${encodeURIComponent(iccid)}/attachment`);
}

/**
 * Calls a second each client IP may make to the simulated API; null: no limit. It starts at
 * eSIM Go's 10, and reset puts it back there.
 */
export function setRateLimit(shopUrl: string, perSecond: number | null): Promise<RateLimitState> {
  return control(shopUrl, '/rate-limit', { perSecond });
}

export function getRateLimit(shopUrl: string): Promise<RateLimitState> {
  return control(shopUrl, '/rate-limit');
}

/** The answers' shapes where eSIM Go's pages differ (see shapesRequestSchema); the defaults are the least kind. */
export function setShapes(shopUrl: string, shapes: ShapesRequest): Promise<ShapeSettings> {
  return control(shopUrl, '/shapes', shapes);
}

/** The organisation's balance (major units) and currency at the simulator, which orders draw on. */
export function setBalance(
  shopUrl: string,
  organisation: { balance?: number; currency?: string },
): Promise<{ balance: number; currency: string }> {
  return control(shopUrl, '/balance', organisation);
}

export function getBalance(shopUrl: string): Promise<{ balance: number; currency: string }> {
  return control(shopUrl, '/balance');
}

/** Withdraws bundles, changes prices, or makes bundles unfit for existing eSIMs (compatibility.ts). */
export function changeCatalogue(
  shopUrl: string,
  changes: CatalogueChangesRequest,
): Promise<CatalogueChanges> {
  return control(shopUrl, '/catalogue-changes', changes);
}

/**
 * Clock back to real time, faults off, answers in their default shapes, the rate limit back at
 * 10 a second; issued eSIMs and orders are kept.
 */
export function resetSimulator(shopUrl: string): Promise<{ clock: ClockState; fault: FaultState }> {
  return control(shopUrl, '/reset', {});
}
