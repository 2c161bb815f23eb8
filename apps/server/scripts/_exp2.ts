import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';

const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), webDistDir: undefined };
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
await syncAppCatalogue(app);
const body = (await app.inject({ url: '/api/country/' })).body;
const mini = Fastify();
mini.get('/x', async (_q, reply) => reply.header('content-type', 'application/json').send(body));
await mini.ready();
async function loop(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await f();
  const c = process.cpuUsage();
  const t = performance.now();
  const N = 3000;
  for (let i = 0; i < N; i++) await f();
  const u = process.cpuUsage(c);
  console.log(
    name.padEnd(16),
    ((u.user + u.system) / N).toFixed(1),
    'µs cpu/req',
    (((performance.now() - t) * 1000) / N).toFixed(1),
    'µs wall/req',
  );
}
const cookie = { cookie: `XSRF-TOKEN=${'b'.repeat(43)}` };
for (let r = 0; r < 2; r++) {
  await loop('app country', () => app.inject({ url: '/api/country/', headers: cookie }));
  await loop('app FR', () => app.inject({ url: '/api/plan/country/FR', headers: cookie }));
  await loop('app groups', () => app.inject({ url: '/api/plan/groups', headers: cookie }));
  await loop('mini', () => mini.inject({ url: '/x' }));
}
await app.close();
await mini.close();
await database.close();
