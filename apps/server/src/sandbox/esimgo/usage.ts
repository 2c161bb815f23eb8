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
/** A traveller uses a small fixed bundle up evenly over this share of its duration… */
export const USAGE_SHARE_OF_DURATION = 0.8;
/**
 * …but uses no more than this a day (maps, messages, some browsing), so a big bundle lasts
 * until it expires with data left over, as bought-too-big bundles do.
 */
export const TYPICAL_DAILY_USE_BYTES = 300_000_000;

export interface AssignmentTerms {
  id: number;
  /** -1 for unlimited bundles. */
  initialBytes: number;
  durationDays: number;
  assignedAt: Date;
  /**
   * The share of the data used, in percent, set by the usage control: at least this much is
   * used once the bundle has started (the clock's even use may have gone further); 100 ends it.
   */
  usedPercent?: number | null;
}

export interface AssignmentUsage {
  id: number;
  state: BundleState;
  /** -1 for unlimited bundles. */
  remainingBytes: number;
  /** When the bundle starts (started) being used. */
  startsAt: Date;
  /** When its duration runs out, counted from its start: eSIM Go's endTime. */
  expiresAt: Date;
  /** When it stops being used: its data ran out, or it expired. The next bundle starts then. */
  endsAt: Date;
}

/** Whether a bundle in this state has started: only these carry start and end times. */
export function hasStarted(state: BundleState): boolean {
  return state === 'active' || state === 'depleted' || state === 'expired';
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
  const expiresAt = startsAt + terms.durationDays * DAY_MS;
  const bytesPerMs = unlimited ? 0 : dailyUse(terms) / DAY_MS;
  const usedUp = !unlimited && (terms.usedPercent ?? 0) >= 100;
  // A fixed bundle may run dry before it expires; an unlimited one simply expires. One the
  // control used up has no data from its start on, so a bundle queued behind it is not held.
  const endsAt = unlimited
    ? expiresAt
    : usedUp
      ? startsAt
      : Math.min(expiresAt, startsAt + terms.initialBytes / bytesPerMs);
  const state = stateAt(now, { readyAt, startsAt, endsAt, expiresAt });
  return {
    id: terms.id,
    state,
    remainingBytes: unlimited
      ? -1
      : Math.min(
          remainingAt(now, terms.initialBytes, state, { startsAt, endsAt, bytesPerMs }),
          remainingAfterControl(terms, state),
        ),
    startsAt: new Date(startsAt),
    expiresAt: new Date(expiresAt),
    endsAt: new Date(endsAt),
  };
}

/** Bytes a traveller uses a day on a fixed bundle. */
function dailyUse(terms: AssignmentTerms): number {
  const evenly = terms.initialBytes / (terms.durationDays * USAGE_SHARE_OF_DURATION);
  return Math.min(evenly, TYPICAL_DAILY_USE_BYTES);
}

interface Timeline {
  readyAt: number;
  startsAt: number;
  endsAt: number;
  expiresAt: number;
}

// eSIM Go: depleted "has no data remaining but is still within the bundle duration"; expired
// once "the bundle duration has been exceeded" (https://docs.esim-go.com/guides/bundle_status/).
function stateAt(now: number, timeline: Timeline): BundleState {
  if (now < timeline.readyAt) return 'processing';
  if (now < timeline.startsAt) return 'queued';
  if (now < timeline.endsAt) return 'active';
  return now < timeline.expiresAt ? 'depleted' : 'expired';
}

/** What the usage control leaves of a started bundle; the whole bundle when it set nothing. */
function remainingAfterControl(terms: AssignmentTerms, state: BundleState): number {
  const percent = terms.usedPercent;
  if (percent === null || percent === undefined || !hasStarted(state)) return terms.initialBytes;
  if (state === 'depleted' || percent >= 100) return 0;
  // Rounded up like the clock's use: an active bundle never reports 0 bytes left.
  return Math.max(1, Math.ceil((terms.initialBytes * (100 - percent)) / 100));
}

function remainingAt(
  now: number,
  initialBytes: number,
  state: BundleState,
  use: { startsAt: number; endsAt: number; bytesPerMs: number },
): number {
  if (state === 'processing' || state === 'queued') return initialBytes;
  const usedFor = Math.min(now, use.endsAt) - use.startsAt;
  const left = initialBytes - usedFor * use.bytesPerMs;
  // Rounded up, so an active bundle never reports 0 bytes left; one that ran dry has none.
  return state === 'active' ? Math.ceil(left) : Math.max(0, Math.round(left));
}
