/**
 * What the Usage dialog shows for each bundle on an eSIM, from the provider's reading:
 * one row per assignment (a bundle bought twice shows twice), in the order they are used,
 * titled in the shop's words, in MB with the share left, when it started and when it expires
 * (the provider tells both only once a bundle has started; before that, how long it will
 * last), and, when the usage so far allows one, when the data will run out, never after the
 * plan ends; where the data ran out, a top-up is offered.
 */
import type { EsimBundlesView } from '@tern/contract/profile';
import { estimateRunOut, percentRemaining, type RunOutEstimate } from './data-usage';
import { parseDate } from './dates';
import { englishWords, type ProfileWords } from './profile-format';

/** What a bundle that has not started waits for. */
export type StartsWhen = 'first-connection' | 'current-bundle-ends';

export interface BundleUsageRow {
  key: string;
  /** "1 GB · 7 days", or the provider's description for a plan the shop no longer sells. */
  title: string;
  /** As the provider returns it (active, queued, depleted…); shown by bundleStateWords. */
  state: string;
  unlimited: boolean;
  initialBytes: number;
  remainingBytes: number;
  percentLeft: number;
  startedAt: Date | undefined;
  expiresAt: Date | undefined;
  /** Days the plan lasts once started; null when unknown. */
  validityDays: number | null;
  /** Set while the bundle waits to start; then its validity is all there is to tell. */
  startsWhen: StartsWhen | undefined;
  runOut: RunOutEstimate | undefined;
  /** Its data ran out (0 MB left, or depleted): the place to offer a top-up. */
  dataRanOut: boolean;
}

const WAITING_STATES = new Set(['processing', 'queued']);

export function bundleUsageRows(view: EsimBundlesView): BundleUsageRow[] {
  const readAt = new Date(view.readAt);
  const assignments = view.data.bundles.flatMap((bundle) =>
    bundle.assignments.map((assignment) => ({ bundle, assignment })),
  );
  // Another bundle in use: a waiting one starts when that one ends, not on first connection.
  const oneInUse = assignments.some(({ assignment }) => isState(assignment.bundleState, 'active'));
  return assignments
    .sort((a, b) => byAssignmentTime(a.assignment, b.assignment))
    .map(({ bundle, assignment }): BundleUsageRow => {
      const unlimited = assignment.unlimited || assignment.initialQuantity < 0;
      const startedAt = parseDate(assignment.startTime);
      const expiresAt = parseDate(assignment.endTime);
      const initialBytes = unlimited ? 0 : assignment.initialQuantity;
      const remainingBytes = unlimited ? 0 : Math.max(assignment.remainingQuantity, 0);
      const waiting = !startedAt && WAITING_STATES.has(assignment.bundleState.toLowerCase());
      return {
        key: `${bundle.name}:${assignment.id}`,
        title: bundle.title || bundle.description || bundle.name,
        state: assignment.bundleState,
        unlimited,
        initialBytes,
        remainingBytes,
        percentLeft: unlimited ? 100 : percentRemaining(initialBytes, remainingBytes),
        startedAt,
        expiresAt,
        validityDays: bundle.validityDays,
        startsWhen: waiting ? (oneInUse ? 'current-bundle-ends' : 'first-connection') : undefined,
        runOut:
          unlimited || !startedAt || !isState(assignment.bundleState, 'active')
            ? undefined
            : estimateRunOut({ initialBytes, remainingBytes, startedAt, readAt, expiresAt }),
        dataRanOut: !unlimited && ranOut(assignment.bundleState, remainingBytes),
      };
    });
}

/**
 * Depleted ("no data remaining but still within the bundle duration"), or in use with nothing
 * left; an expired or cancelled bundle is over whatever it had left.
 */
function ranOut(state: string, remainingBytes: number): boolean {
  return isState(state, 'depleted') || (isState(state, 'active') && remainingBytes <= 0);
}

function isState(state: string, wanted: string): boolean {
  return state.toLowerCase() === wanted;
}

type Assigned = { assignmentDateTime: string | null };

/** The order bundles are used in: by assignment time, one without a time last. */
function byAssignmentTime(a: Assigned, b: Assigned): number {
  const at = (assignment: Assigned) => parseDate(assignment.assignmentDateTime)?.getTime();
  const [first, second] = [at(a), at(b)];
  if (first === second) return 0;
  if (first === undefined) return 1;
  if (second === undefined) return -1;
  return first - second;
}

/** "Starts when you first connect; lasts 7 days." */
export function describeStart(
  row: Pick<BundleUsageRow, 'startsWhen' | 'validityDays'>,
  { t }: ProfileWords = englishWords,
): string {
  const afterCurrent = row.startsWhen === 'current-bundle-ends';
  if (row.validityDays === null) {
    return t(
      afterCurrent ? 'profile.usage.startsAfterCurrent' : 'profile.usage.startsFirstConnection',
    );
  }
  return t(
    afterCurrent
      ? 'profile.usage.startsAfterCurrentLasts'
      : 'profile.usage.startsFirstConnectionLasts',
    { count: row.validityDays },
  );
}
