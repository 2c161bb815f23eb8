/**
 * What the orders module needs from the app, gathered once per app instance: the database,
 * the clock, the mailer, settings, and the outside systems' clients. The clients are made on
 * demand, because the built-in sandboxes are only reachable once the app listens.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { esimGoClientFor } from '../../integrations/esimgo/app-client';
import type { EsimGoClient } from '../../integrations/esimgo/client';
import { gatewayClientFor } from '../../integrations/gateway/app-client';
import type { GatewayClient } from '../../integrations/gateway/client';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Clock } from '../../lib/clock';

export interface OrdersContext {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  brandName: string;
  publicUrl: string;
  gatewayOperation: Config['gateway']['operation'];
  settings: Config['orders'];
  gateway(): GatewayClient;
  provider(): EsimGoClient;
  /** Names this app instance on the jobs it claims. */
  workerId: string;
}

export function ordersContextFor(app: FastifyInstance): OrdersContext {
  const { config } = app;
  return {
    db: app.database.db,
    clock: app.clock,
    log: app.log.child({ module: 'orders' }),
    mailer: app.mailer,
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    gatewayOperation: config.gateway.operation,
    settings: config.orders,
    gateway: () => gatewayClientFor(app),
    provider: () => esimGoClientFor(app),
    workerId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  };
}
