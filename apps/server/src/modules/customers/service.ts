/**
 * The customers in the operator's console (issue 30): an account with what the shop holds of
 * it (orders, eSIMs, refunds, usage alerts, live sessions), each read through its owner's
 * service, and the two things an operator changes on it: its language, and a sign-out of every
 * session.
 */
import type { Language, OpsCustomer, OpsCustomerDetail } from '@tern/contract';
import { notFound } from '../../errors';
import { bundleNameOfKey } from '../alerts/decisions';
import type { AlertsService } from '../alerts/service';
import type { AccountRow, AuthService } from '../auth/auth-service';
import type { EsimsService } from '../esims/service';
import type { OrdersDependencies } from '../orders/dependencies';
import { type ClientOrderRow, orderCountsOfClients, ordersOfClient } from '../orders/operator';
import type { RefundsService, SelfServiceRefund } from '../refunds/service';

export interface CustomersDependencies {
  accounts: AuthService['accounts'];
  orders: OrdersDependencies;
  esims: Pick<EsimsService, 'ofClient'>;
  refunds: Pick<RefundsService, 'ofOrders'>;
  alerts: Pick<AlertsService, 'ofClient'>;
}

export type CustomersService = ReturnType<typeof createCustomersService>;

type CustomerEsim = OpsCustomerDetail['esims'][number];
type CustomerRefund = OpsCustomerDetail['refunds'][number];

export function createCustomersService(deps: CustomersDependencies) {
  const { accounts } = deps;

  async function requireAccount(id: number): Promise<AccountRow> {
    const account = await accounts.find(id);
    if (!account) throw notFound('opsConsoleMessages.customerNotFound');
    return account;
  }

  /** Accounts whose address holds the text, newest first, with how many orders each made. */
  async function search(text: string, limit: number): Promise<OpsCustomer[]> {
    const found = await accounts.search(text, limit);
    const counts = await orderCountsOfClients(
      deps.orders,
      found.map((account) => account.id),
    );
    return found.map((account) => ({
      ...summaryOf(account),
      orders: counts.get(account.id) ?? 0,
    }));
  }

  async function details(id: number): Promise<OpsCustomerDetail> {
    const account = await requireAccount(id);
    const [orders, esims, alerts, activeSessions] = await Promise.all([
      ordersOfClient(deps.orders, id),
      deps.esims.ofClient(id),
      deps.alerts.ofClient(id),
      accounts.liveSessions(id),
    ]);
    const selfService = await deps.refunds.ofOrders(orders.map((order) => order.id));
    return {
      ...summaryOf(account),
      mobile: account.mobile,
      verifiedAt: account.verifiedAt?.toISOString() ?? null,
      orders: orders.map((order) => ({
        ref: order.gatewayOrderId,
        status: order.status,
        total: order.amountCents / 100,
        currency: order.currency,
        plan: order.planName,
        createdAt: order.createdAt.toISOString(),
      })),
      esims: esims.map((esim) => esimOf(esim, orders)),
      refunds: refundsOf(orders, selfService),
      alerts: alerts.map((alert) => ({
        iccid: alert.iccid,
        kind: alert.kind,
        bundle: bundleNameOfKey(alert.bundleKey),
        decidedAt: alert.claimedAt.toISOString(),
        mailedAt: alert.mailedAt?.toISOString() ?? null,
      })),
      activeSessions,
    };
  }

  /** Ends every session of the account; how many were live. */
  async function signOutEverywhere(id: number): Promise<number> {
    await requireAccount(id);
    return accounts.signOutEverywhere(id);
  }

  async function setLanguage(id: number, language: Language): Promise<OpsCustomerDetail> {
    if (!(await accounts.setLanguage(id, language))) {
      throw notFound('opsConsoleMessages.customerNotFound');
    }
    return details(id);
  }

  return { search, details, signOutEverywhere, setLanguage };
}

function summaryOf(account: AccountRow): Omit<OpsCustomer, 'orders'> {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    language: account.language,
    createdAt: account.createdAt.toISOString(),
  };
}

/** An eSIM with the plans bought on it (orders newest first), refunded once all of them were. */
function esimOf(
  esim: { iccid: string; createdAt: Date },
  orders: readonly ClientOrderRow[],
): CustomerEsim {
  const onEsim = orders.filter((order) => order.iccid === esim.iccid);
  const refunded = onEsim.length > 0 && onEsim.every((order) => order.status === 'refunded');
  return {
    iccid: esim.iccid,
    plans: onEsim.map((order) => order.planName),
    state: refunded ? 'refunded' : 'in-use',
    createdAt: esim.createdAt.toISOString(),
  };
}

/**
 * One line per order whose money went back: the eSIM's refund when one was asked for, by the
 * buyer or an operator (with how far it has come), else the order's refund by the shop itself.
 */
function refundsOf(
  orders: readonly ClientOrderRow[],
  selfService: readonly SelfServiceRefund[],
): CustomerRefund[] {
  const asked = new Map(selfService.map((refund) => [refund.orderId, refund]));
  const lines: CustomerRefund[] = [];
  for (const order of orders) {
    const own = asked.get(order.id);
    const money = {
      ref: order.gatewayOrderId,
      amount: order.amountCents / 100,
      currency: order.currency,
    };
    if (own) {
      lines.push({
        ...money,
        iccid: own.iccid,
        // An operator's refund of a delivered eSIM runs as the buyer's own would (refunds
        // module, refundDelivered), and is named as the operator's.
        kind: own.requestedBy === 'operator' ? 'operator-or-shop' : 'self-service',
        at: own.requestedAt.toISOString(),
        completedAt: own.completedAt?.toISOString() ?? null,
      });
    } else if (order.refundedAt) {
      lines.push({
        ...money,
        iccid: order.iccid,
        kind: 'operator-or-shop',
        at: order.refundedAt.toISOString(),
        completedAt: order.refundedAt.toISOString(),
      });
    }
  }
  return lines;
}
