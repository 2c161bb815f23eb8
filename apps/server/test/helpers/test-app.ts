/**
 * Builds the shop's app for one test file on a fresh database, with the anti-forgery
 * cookie fetched once so tests can make state-changing calls the way the web app does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Like app.inject, plus the anti-forgery cookie and header on every request. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const config: Config = { ...loadConfig({ PORT: '0', ...environment }), webDistDir: undefined };
  const database = await createTestDatabase();
  const app = await buildApp(config, { database, logger: false });
  const xsrf = await fetchAntiForgeryToken(app);
  return {
    app,
    database,
    config,
    request: (options) =>
      app.inject({
        ...options,
        cookies: { 'XSRF-TOKEN': xsrf, ...options.cookies },
        headers: { 'x-xsrf-token': xsrf, ...options.headers },
      }),
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

async function fetchAntiForgeryToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  const cookie = response.cookies.find((entry) => entry.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('The app did not set the anti-forgery cookie');
  return cookie.value;
}
