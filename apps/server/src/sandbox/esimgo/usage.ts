/**
 * How the simulator's bundle assignments are used up, as a pure function of the simulated clock:
 * no timers, so any instance computes the same state from the same rows and time.
 */

export const bundleStates = [
  'processing',
  'queued',
  'active',
  'depleted',
  'expired',
  'revoked',
  'lapsed',
] as const;
export type BundleState = (typeof bundleStates)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** From assignment to first use: the phone attaches to a network a minute after the order. */
export const FIRST_USE_DELAY_MS = MINUTE_MS;
/** A traveller uses a fixed bundle up evenly over this share of its duration. */
export const USAGE_SHARE_OF_DURATION = 0.8;

export interface AssignmentTerms {
  id: number;
  /** -1 for unlimited bundles. */
  initialBytes: number;
  durationDays: number;
  assignedAt: Date;
}

export interface AssignmentUsage {
  id: number;
  state: BundleState;
  /** -1 for unlimited bundles. */
  remainingBytes: number;
  /** When the bundle starts (started) being used. */
  startsAt: Date;
  /** When it is (was) depleted or expired. */
  endsAt: Date;
}

/**
 * The state of every bundle assignment of one eSIM at `now`. An eSIM uses one bundle at a time:
 * a bundle assigned while another is in use is queued until that one ends, as eSIM Go does.
 */
export function usageOf(assignments: readonly AssignmentTerms[], now: Date): AssignmentUsage[] {
  const inOrder = [...assignments].sort(
    (a, b) => a.assignedAt.getTime() - b.assignedAt.getTime() || a.id - b.id,
  );
  let previousEnd = Number.NEGATIVE_INFINITY;
  return inOrder.map((terms) => {
    const usage = usageOfOne(terms, previousEnd, now.getTime());
    previousEnd = usage.endsAt.getTime();
    return usage;
  });
}

function usageOfOne(terms: AssignmentTerms, previousEnd: number, now: number): AssignmentUsage {
  const unlimited = terms.initialBytes < 0;
  const readyAt = terms.assignedAt.getTime() + FIRST_USE_DELAY_MS;
  const startsAt = Math.max(readyAt, previousEnd);
  // A fixed bundle runs dry before it would expire; an unlimited one simply expires.
  const lifeMs = terms.durationDays * DAY_MS * (unlimited ? 1 : USAGE_SHARE_OF_DURATION);
  const endsAt = startsAt + lifeMs;
  const state = stateAt(now, { readyAt, startsAt, endsAt, unlimited });
  return {
    id: terms.id,
    state,
    remainingBytes: unlimited ? -1 : remainingAt(now, terms.initialBytes, state, startsAt, lifeMs),
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
  };
}

interface Timeline {
  readyAt: number;
  startsAt: number;
  endsAt: number;
  unlimited: boolean;
}

function stateAt(now: number, timeline: Timeline): BundleState {
  if (now < timeline.readyAt) return 'processing';
  if (now < timeline.startsAt) return 'queued';
  if (now < timeline.endsAt) return 'active';
  return timeline.unlimited ? 'expired' : 'depleted';
}

function remainingAt(
  now: number,
  initialBytes: number,
  state: BundleState,
  startsAt: number,
  lifeMs: number,
): number {
  if (state === 'depleted') return 0;
  if (state !== 'active') return initialBytes;
  // Rounded up, so an active bundle never reports 0 bytes left.
  return Math.ceil(initialBytes * (1 - (now - startsAt) / lifeMs));
}
