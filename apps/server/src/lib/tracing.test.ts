/**
 * Tracing costs nothing when it is off: no OpenTelemetry module is loaded, nothing is
 * registered with the API, and node:http is left as it is. Each case runs in a child process,
 * since a started SDK patches the whole process.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

interface ProcessState {
  openTelemetryModules: number;
  registeredWithApi: boolean;
  httpPatched: boolean;
}

/** Starts tracing from a configuration in a fresh process, and reports what that left behind. */
async function stateAfterStart(environment: Record<string, string>): Promise<ProcessState> {
  const probe = `
    import { createRequire } from 'node:module';
    import http from 'node:http';
    const { loadConfig } = await import('./apps/server/src/config.ts');
    const { startTracing } = await import('./apps/server/src/lib/tracing.ts');
    const tracing = await startTracing(loadConfig(${JSON.stringify(environment)}).tracing);
    // The instrumentation patches node:http as something requires it, as Fastify does.
    createRequire(import.meta.url)('node:http');
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({
      openTelemetryModules: loaded.filter((file) => file.includes('@opentelemetry')).length,
      registeredWithApi: Symbol.for('opentelemetry.js.api.1') in globalThis,
      httpPatched: '__wrapped' in http.Server.prototype.emit,
    }));
    await tracing?.shutdown();
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', probe],
    { cwd: repoRoot, env: { PATH: process.env.PATH } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ProcessState;
}

describe('tracing', () => {
  it('loads and starts nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(await stateAfterStart({})).toEqual({
      openTelemetryModules: 0,
      registeredWithApi: false,
      httpPatched: false,
    });
  });

  it('loads the SDK, registers it and patches node:http with one', async () => {
    // No span is made, so nothing is sent to this address.
    const state = await stateAfterStart({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(state.openTelemetryModules).toBeGreaterThan(0);
    expect(state.registeredWithApi).toBe(true);
    expect(state.httpPatched).toBe(true);
  });
});
