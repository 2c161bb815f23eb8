/**
 * What the orders module needs from the app, gathered once per app instance: the database,
 * the clock, the mailer, settings, the services of the modules it uses (eSIMs, ledger,
 * catalogue, client accounts), and the outside systems' clients. The clients are made on
 * demand, because the built-in sandboxes are only reachable once the app listens.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EsimGoClient } from '../../integrations/esimgo/client';
import type { GatewayClient } from '../../integrations/gateway/client';
import type { Mailer } from '../../integrations/mail/mailer';
import { newWorkerId } from '../../jobs/engine';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth/auth-service';
import type { CatalogService } from '../catalog/service';
import type { CreditService } from '../credit/service';
import type { EsimsService } from '../esims/service';
import type { GiftsService } from '../gifts/service';
import type { LedgerService } from '../ledger/service';
import type { PromoCodes } from '../promotions/service';
import type { ReferralsService } from '../referrals/service';
import { type OrderMetrics, orderMetrics } from './metrics';
import type { BalanceWatch } from './provider-balance';

export interface OrdersDependencies {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  brandName: string;
  gatewayOperation: Config['gateway']['operation'];
  settings: Config['orders'];
  /** The payer's time on the gateway's hosted page (interaction.timeout). */
  checkoutTimeoutSeconds: number;
  /** How the eSIM Go balance is watched (provider-balance.ts). */
  balanceWatch: BalanceWatch;
  gateway(): GatewayClient;
  provider(): EsimGoClient;
  /** The eSIMs an order delivers, and whose an eSIM is. */
  esims: Pick<EsimsService, 'requireOwned' | 'findOwned' | 'storeDelivered' | 'knownIccids'>;
  /** The entry each delivered order books. */
  ledger: Pick<LedgerService, 'bookOrder' | 'entryOfOrder' | 'purchasesOfEsims' | 'markRefunded'>;
  /** What is for sale, at what price. */
  catalog: Pick<CatalogService, 'planForSale' | 'plansForCountryIso' | 'plansForRegionName'>;
  /** A purchase for someone else (issue 31): checked and recorded, its recipient found. */
  gifts: Pick<GiftsService, 'check' | 'record' | 'ofOrder' | 'recipientOf'>;
  /** The buyers' store credit an order spends, and gets back when unpaid or refunded. */
  credit: Pick<
    CreditService,
    'lockAvailable' | 'spendOnOrder' | 'returnFromOrder' | 'retakeForOrder'
  >;
  /** Promo codes an order is discounted by (issue 31): quoted, taken, given back unpaid. */
  promoCodes: Pick<PromoCodes, 'quote' | 'redeem' | 'release' | 'retake'>;
  /** The card that paid an order, and the referral its capture may reward (issue 31). */
  referrals: Pick<ReferralsService, 'paidWith' | 'afterCapture'>;
  /** Where to write to a buyer. */
  clients: Pick<AuthService, 'contactOf' | 'emailsOf' | 'idOfEmail'>;
  /** Names this app instance on the jobs it claims. */
  workerId: string;
  /** The operator's figures of the orders (./metrics.ts). */
  metrics: OrderMetrics;
}

export function ordersContextFor(app: FastifyInstance): OrdersDependencies {
  const { config } = app;
  const log = app.log.child({ module: 'orders' });
  return {
    db: app.database.db,
    clock: app.clock,
    log,
    mailer: app.mailer,
    brandName: config.brandName,
    gatewayOperation: config.gateway.operation,
    settings: config.orders,
    checkoutTimeoutSeconds: config.gateway.checkoutTimeoutSeconds,
    balanceWatch: {
      floor: config.esimGo.balanceFloor,
      everyMs: config.esimGo.balanceCheckMs,
      operatorAddress: config.mail.supportAddress,
    },
    gateway: () => app.gatewayClient(),
    provider: () => app.esimGoClient(),
    esims: app.esims,
    ledger: app.ledger,
    catalog: app.catalog,
    gifts: app.gifts,
    credit: app.credit,
    promoCodes: app.promoCodes,
    referrals: app.referrals,
    clients: app.auth,
    workerId: newWorkerId(),
    metrics: orderMetrics(app.metrics.registry, app.database.db, log),
  };
}
