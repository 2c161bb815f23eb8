import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';

const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), webDistDir: undefined };
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
const app = await buildApp(config, { database, logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
await syncAppCatalogue(app);
const path = process.argv[2] ?? '/api/country/';
await autocannon({
  url: url + path,
  connections: 100,
  duration: 2,
  workers: 1,
  headers: { cookie: `XSRF-TOKEN=${'b'.repeat(43)}` },
});
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const r = await autocannon({
  url: url + path,
  connections: 100,
  duration: 5,
  workers: 1,
  headers: { cookie: `XSRF-TOKEN=${'b'.repeat(43)}` },
});
const { profile } = await session.post('Profiler.stop');
console.log(Math.round(r.requests.average), 'req/s');
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
};
const nodes = profile.nodes as Node[];
const self = new Map<string, number>();
let total = 0;
for (const n of nodes) {
  const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  self.set(k, (self.get(k) ?? 0) + n.hitCount);
  total += n.hitCount;
}
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(((100 * v) / total).toFixed(1).padStart(5), k);
await app.close();
await database.close();
