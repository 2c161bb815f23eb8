/**
 * Lighthouse's CPU slowdown calibrated to the host, as its docs/throttling.md describes: the
 * default 4x turns a 1,500-2,000 benchmarkIndex desktop into a mid-tier phone, so a host that
 * measures faster or slower needs its own multiplier to stand for the same phone. Multiplier =
 * this host's benchmarkIndex / 437 (the index of that phone: 4x applied to the docs' 1,750
 * desktop), never below 1. The machine is shared, so each run takes the index its previous
 * run measured (Lighthouse reports it as `environment.benchmarkIndex`).
 * https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md
 */

/** The benchmarkIndex of the phone Lighthouse's default 4x slowdown stands for. */
export const PHONE_BENCHMARK_INDEX = 437;

/** The CPU slowdown that makes a host of `benchmarkIndex` run like that phone, to 0.1. */
export function calibratedMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`not a benchmarkIndex: ${benchmarkIndex}`);
  }
  return Math.max(1, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10);
}

/** The host's index as a Lighthouse report measured it, or undefined when it has none. */
export function benchmarkIndexOf(report) {
  const index = report?.environment?.benchmarkIndex;
  return typeof index === 'number' && index > 0 ? index : undefined;
}
