/**
 * `npm run orders -- list | show <ref> | retry <ref> | refund <ref>`: the operator's view of
 * orders, on the database the configuration names. Retry and refund call the gateway and the
 * provider; when those are the built-in sandboxes, which only answer over HTTP, the app
 * listens on a free local port for the length of the command (as catalog:sync does).
 * An embedded PGlite database can be opened by one process at a time: stop the shop first.
 */
import { formatAmount, orderReferenceSchema } from '@tern/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  listOrders,
  OperatorError,
  orderDetails,
  refundOrder,
  retryOrder,
} from '../src/modules/orders/operator';
import { isRefusal } from '../src/start-failure';

const USAGE = 'Usage: npm run orders -- list [count] | show <ref> | retry <ref> | refund <ref>';

async function main(): Promise<void> {
  const [command, argument] = process.argv.slice(2);
  const config = { ...loadConfig(), webDistDir: undefined };
  const app = await buildApp(config, { logger: { level: 'warn' }, orderWorker: false });
  try {
    if (command === 'retry' || command === 'refund') {
      if (!config.gateway.url || !config.esimGo.url) {
        await app.listen({ port: 0, host: '127.0.0.1' });
      }
    }
    await run(app, command, argument);
  } finally {
    await app.close();
  }
}

async function run(app: FastifyInstance, command: string | undefined, argument?: string) {
  const { context, runner } = app.orders;
  switch (command) {
    case 'list':
      return printList(app, Number(argument ?? 50));
    case 'show':
      return printDetails(app, reference(argument));
    case 'retry':
      return console.log(
        `${argument}: ${await retryOrder(context, runner, app.refunds.service, reference(argument))}`,
      );
    case 'refund':
      return console.log(
        `${argument}: ${await refundOrder(context, runner, app.refunds.service, reference(argument))}`,
      );
    default:
      throw new OperatorError(USAGE);
  }
}

function reference(argument: string | undefined): string {
  const parsed = orderReferenceSchema.safeParse(argument?.trim().toUpperCase());
  if (!parsed.success) throw new OperatorError(`${USAGE}\n<ref> looks like TRN-ABCDEFGH23456789`);
  return parsed.data;
}

async function printList(app: FastifyInstance, limit: number) {
  const rows = await listOrders(app.orders.context, Number.isInteger(limit) ? limit : 50);
  if (rows.length === 0) return console.log('No orders yet.');
  for (const row of rows) {
    console.log(
      [
        row.createdAt.toISOString().slice(0, 19).replace('T', ' '),
        row.gatewayOrderId,
        row.status.padEnd(17),
        `${formatAmount(row.amountCents / 100)} ${row.currency}`.padStart(10),
        row.type.padEnd(7),
        row.clientEmail,
        row.planName,
        row.iccid ?? '',
      ].join('  '),
    );
  }
}

async function printDetails(app: FastifyInstance, ref: string) {
  const { order, job, ledger, events } = await orderDetails(app.orders.context, ref);
  const { successIndicator: _secret, ...shown } = order;
  console.log(JSON.stringify({ order: shown, job, ledger }, null, 2));
  console.log('Events:');
  for (const event of events) {
    console.log(
      `  ${event.at.toISOString()}  ${event.event}${event.detail ? `  ${event.detail}` : ''}`,
    );
  }
}

main().catch((error: unknown) => {
  const known = isRefusal(error) || error instanceof OperatorError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
