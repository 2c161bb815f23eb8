/**
 * What the Usage dialog shows for each bundle on an eSIM, from the provider's reading:
 * one row per assignment (a bundle bought twice shows twice), in MB, with the share left
 * and, when the usage so far allows one, when the data will run out.
 */
import type { EsimBundlesView } from '@tern/contract';
import { estimateRunOut, percentRemaining, type RunOutEstimate } from './data-usage';
import { parseDate } from './dates';

export interface BundleUsageRow {
  key: string;
  description: string;
  /** As the provider returns it (active, queued, depleted…). */
  state: string;
  unlimited: boolean;
  initialBytes: number;
  remainingBytes: number;
  percentLeft: number;
  startedAt: Date | undefined;
  runOut: RunOutEstimate | undefined;
}

export function bundleUsageRows(view: EsimBundlesView): BundleUsageRow[] {
  const readAt = new Date(view.readAt);
  return view.data.bundles.flatMap((bundle) =>
    bundle.assignments.map((assignment): BundleUsageRow => {
      const unlimited = assignment.unlimited || assignment.initialQuantity < 0;
      const startedAt = parseDate(assignment.assignmentDateTime);
      const initialBytes = unlimited ? 0 : assignment.initialQuantity;
      const remainingBytes = unlimited ? 0 : Math.max(assignment.remainingQuantity, 0);
      return {
        key: `${bundle.name}:${assignment.id}`,
        description: bundle.description || bundle.name,
        state: assignment.bundleState,
        unlimited,
        initialBytes,
        remainingBytes,
        percentLeft: unlimited ? 100 : percentRemaining(initialBytes, remainingBytes),
        startedAt,
        runOut:
          unlimited || !startedAt || assignment.bundleState.toLowerCase() !== 'active'
            ? undefined
            : estimateRunOut({ initialBytes, remainingBytes, startedAt, readAt }),
      };
    }),
  );
}
