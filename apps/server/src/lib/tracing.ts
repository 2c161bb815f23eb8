/**
 * OpenTelemetry traces, only when a collector is configured (decision 0044). The SDK sits in
 * tracing-sdk.ts and is imported here on demand, so a shop without a collector loads none of
 * it and pays nothing per request.
 */
import type { TracingSettings } from '../config';

export interface Tracing {
  /** Sends the spans still buffered, then stops; called once the app has closed. */
  shutdown(): Promise<void>;
}

/**
 * Must run before Fastify and node:http are first imported: the HTTP instrumentation patches
 * modules as they load, and Fastify's is registered through Fastify's start-up channel.
 */
export async function startTracing(
  settings: TracingSettings | undefined,
): Promise<Tracing | undefined> {
  if (settings === undefined) return undefined;
  const { startTracingSdk } = await import('./tracing-sdk');
  return startTracingSdk(settings);
}
