/**
 * The buyers of `bench:api -- --mixed`, in a process of their own so that their HTTP client's
 * work never lands on the shop's event loop (as autocannon's does not): each signs in, buys,
 * and opens the invoice PDF and QR code, in a loop until the deadline or the purchase limit.
 * Takes its orders as JSON in the first argument and prints what happened as JSON.
 */
import { afterSale, browserSession, purchase, signIn } from './bench-purchase-steps';

export interface BuyersOrder {
  base: string;
  plan: string;
  buyers: number;
  /** Wall-clock time (ms since the epoch) after which no buyer starts another round. */
  endsAt: number;
  maxPurchases: number;
}

export interface Buying {
  purchases: number;
  failures: string[];
  /** Per step, the times one buyer waited (ms). */
  steps: Record<'sign-in' | 'purchase' | 'invoice and QR', number[]>;
}

async function buyLoop(order: BuyersOrder, index: number, buying: Buying): Promise<void> {
  const client = await browserSession(order.base);
  let round = 0;
  while (Date.now() < order.endsAt && buying.purchases < order.maxPurchases) {
    round += 1;
    try {
      const buyer = await timed(buying.steps['sign-in'], () => signIn(client, `${index}.${round}`));
      await timed(buying.steps.purchase, () => purchase(client, buyer, order.plan));
      await timed(buying.steps['invoice and QR'], () => afterSale(client, buyer));
      buying.purchases += 1;
    } catch (error) {
      buying.failures.push(error instanceof Error ? error.message : String(error));
      if (buying.failures.length > 20) return;
    }
  }
}

async function timed<T>(into: number[], step: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const result = await step();
  into.push(performance.now() - startedAt);
  return result;
}

async function main(): Promise<void> {
  const order = JSON.parse(process.argv[2] ?? '{}') as BuyersOrder;
  const buying: Buying = {
    purchases: 0,
    failures: [],
    steps: { 'sign-in': [], purchase: [], 'invoice and QR': [] },
  };
  await Promise.all(
    Array.from({ length: order.buyers }, (_, index) => buyLoop(order, index, buying)),
  );
  process.stdout.write(JSON.stringify(buying));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
