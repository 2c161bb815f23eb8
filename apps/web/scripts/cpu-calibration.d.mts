// Types of cpu-calibration.mjs (plain JavaScript so `npm run bench:lighthouse` runs on bare Node).
export const PHONE_BENCHMARK_INDEX: number;
export function calibratedMultiplier(benchmarkIndex: number): number;
export function benchmarkIndexOf(report: unknown): number | undefined;
