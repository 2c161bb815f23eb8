/** What the bench scripts report alike: medians, and how busy the machine was. */
import { availableParallelism, loadavg } from 'node:os';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Other work on the machine skews every figure; say how busy it was. */
export function machineLoad(): string {
  return `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
}
