import { buildApp } from '/work/main/apps/server/src/app';
import { loadConfig } from '/work/main/apps/server/src/config';
import { esimGoClientFor } from '/work/main/apps/server/src/integrations/esimgo/app-client';
import { openDatabase } from '/work/main/apps/server/src/db/client';
import { syncCatalogue } from '/work/main/apps/server/src/modules/catalog/sync';
import { buildCatalogue } from '/work/main/apps/server/src/modules/catalog/catalogue-builder';
const database = await openDatabase({ kind: 'pglite', dataDir: '/tmp/tern-phase' });
const app = await buildApp({ ...loadConfig({PORT:'0'}), webDistDir: undefined }, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const client = esimGoClientFor(app);
let t = performance.now();
const bundles = await client.listCatalogue();
console.log('fetch', performance.now() - t, JSON.stringify(bundles).length);
t = performance.now();
const d = buildCatalogue(bundles, 35);
console.log('build', performance.now() - t);
for (let i = 0; i < 3; i++) {
  t = performance.now();
  const r = await syncCatalogue(database, { listCatalogue: async () => bundles }, { markupPercent: 35 });
  console.log('sync', i, performance.now() - t, r.inserted, r.unchanged);
}
await app.close(); await database.close();
