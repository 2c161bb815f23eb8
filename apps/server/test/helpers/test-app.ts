/**
 * Builds the shop's app for one test file on a fresh database, with the anti-forgery
 * cookie fetched once so tests can make state-changing calls the way the web app does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Clock } from '../../src/lib/clock';
import { selfUrl } from '../../src/lib/self-url';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** http://127.0.0.1:<port> of the listening app. */
  url: string;
  /** Like app.inject, plus the anti-forgery cookie and header on every request. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Where app.inject's requests say they come from (Host: localhost:80). With no PUBLIC_URL the
 * shop answers a visitor at the address they came by, so its links in those answers name this.
 */
export const INJECTED_ORIGIN = 'http://localhost:80';

export interface TestAppOptions {
  /** The app's clock (BuildOptions.clock), for a test that moves time instead of waiting. */
  clock?: Clock;
}

export async function createTestApp(
  environment: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({ PORT: '0', LOG_FORMAT: 'json', ...environment }),
    webDistDir: undefined,
  };
  const database = await createTestDatabase();
  const app = await buildApp(config, { database, logger: false, clock: options.clock });
  // Listen for real: the app's clients reach its sandboxes over HTTP, as in production.
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    config,
    url: selfUrl(app),
    request: await withAntiForgery(app),
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** Requests to an app with its anti-forgery cookie and header, as the web app sends them. */
export async function withAntiForgery(
  app: FastifyInstance,
): Promise<(options: InjectOptions) => Promise<LightMyRequestResponse>> {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  const xsrf = response.cookies.find((entry) => entry.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('The app did not set the anti-forgery cookie');
  return (options) =>
    app.inject({
      ...options,
      cookies: { 'XSRF-TOKEN': xsrf, ...options.cookies },
      headers: { 'x-xsrf-token': xsrf, ...options.headers },
    });
}

/** The Redis server of the test run (the machine's local one unless TEST_REDIS_URL says). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
