import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';

const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), webDistDir: undefined };
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
const app = await buildApp(config, { database, logger: false });
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
await syncAppCatalogue(app);
const body = await (await fetch(`${appUrl}/api/country/`)).text();
const buf = Buffer.from(body);
const bare = createServer((_q, r) => {
  r.writeHead(200, { 'content-type': 'application/json', 'content-length': buf.length });
  r.end(buf);
});
bare.listen(0, '127.0.0.1');
await new Promise((r) => bare.once('listening', r));
const bareStr = createServer((_q, r) => {
  r.writeHead(200, { 'content-type': 'application/json', 'content-length': buf.length });
  r.end(body);
});
bareStr.listen(0, '127.0.0.1');
await new Promise((r) => bareStr.once('listening', r));
const mini = Fastify();
mini.get('/x', async (_q, reply) => reply.header('content-type', 'application/json').send(body));
mini.get('/b', async (_q, reply) => reply.header('content-type', 'application/json').send(buf));
const miniUrl = await mini.listen({ port: 0, host: '127.0.0.1' });
const targets: [string, string][] = [
  ['app', `${appUrl}/api/country/`],
  ['bare-buf', `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`],
  ['bare-str', `http://127.0.0.1:${(bareStr.address() as AddressInfo).port}/`],
  ['mini-str', `${miniUrl}/x`],
  ['mini-buf', `${miniUrl}/b`],
  ['app-health', `${appUrl}/api/health`],
];
for (let round = 0; round < 2; round++)
  for (const [name, url] of targets) {
    const r = await autocannon({
      url,
      connections: 100,
      pipelining: 1,
      duration: 4,
      workers: 1,
      headers: { cookie: `XSRF-TOKEN=${'b'.repeat(43)}` },
    });
    console.log(name.padEnd(10), Math.round(r.requests.average), 'req/s', 'p99', r.latency.p99);
  }
await app.close();
await mini.close();
bare.close();
bareStr.close();
await database.close();
