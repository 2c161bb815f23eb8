/**
 * `npm run bench:purchase`: 20 purchases through the real HTTP path on a fresh in-memory
 * PGlite with the built-in sandboxes: sign in, open a payment, pay on the hosted page,
 * confirm. Prints the median server time of create-session and of the confirmation call (from
 * the Server-Timing header the orders routes send), and of fulfilment itself (paid to
 * fulfilled, from the order's own timestamps; it runs inside the confirmation call).
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { orders } from '../src/db/schema';
import { syncAppCatalogue } from '../src/modules/catalog/sync-runner';
import { browserSession, firstPlan, purchase, signIn } from './bench-purchase-steps';
import { machineLoad, median } from './bench-stats';

const PURCHASES = 20;
// Sign-in codes are limited per address and per caller; a few buyers make 20 purchases.
const BUYERS = 4;

interface Timings {
  createSession: number[];
  confirmation: number[];
  fulfilment: number[];
}

async function main(): Promise<void> {
  const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), webDistDir: undefined };
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const app = await buildApp(config, {
    database,
    logger: false,
    orderWorker: false,
    serverTiming: true,
  });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const report = await syncAppCatalogue(app);
    const client = await browserSession(base);
    const plan = await firstPlan(base, 'FR');
    const buyers = [];
    for (let index = 0; index < BUYERS; index += 1) {
      buyers.push(await signIn(client, String(index)));
    }
    const timings: Timings = { createSession: [], confirmation: [], fulfilment: [] };
    for (let index = 0; index < PURCHASES; index += 1) {
      const buyer = buyers[index % BUYERS];
      if (!buyer) throw new Error('no buyer');
      const { reference, confirmation } = await purchase(client, buyer, plan, (opened) =>
        timings.createSession.push(serverMs(opened)),
      );
      timings.confirmation.push(serverMs(confirmation));
      const [row] = await database.db
        .select({ paidAt: orders.paidAt, fulfilledAt: orders.fulfilledAt })
        .from(orders)
        .where(eq(orders.gatewayOrderId, reference));
      if (!row?.paidAt || !row.fulfilledAt) throw new Error(`${reference} was not fulfilled`);
      timings.fulfilment.push(row.fulfilledAt.getTime() - row.paidAt.getTime());
    }
    console.log(`${PURCHASES} purchases of ${plan} on PGlite (catalogue: ${report.plans} plans)`);
    console.log(`create-session  median ${median(timings.createSession).toFixed(1)} ms (server)`);
    console.log(
      `confirmation    median ${median(timings.confirmation).toFixed(1)} ms (server, incl. fulfilment)`,
    );
    console.log(
      `fulfilment      median ${median(timings.fulfilment).toFixed(1)} ms (paid -> fulfilled)`,
    );
    console.log(machineLoad());
  } finally {
    await app.close();
    await database.close();
  }
}

function serverMs(response: Response): number {
  const duration = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
  if (duration === undefined) throw new Error('no Server-Timing header');
  return Number(duration);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
