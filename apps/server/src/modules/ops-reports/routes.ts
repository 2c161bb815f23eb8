/**
 * The console's money and health sections in the operator API (issue 30), for every operator
 * (viewers too): the period's money as JSON and as a CSV, the period's audit log as a CSV, and
 * the shop's health. An export is audited as any operator's action is. No card data is held,
 * so none can be shown: the money comes from the ledger, the audit log names no card.
 */
import {
  errorResponseSchema,
  opsHealthSchema,
  opsMoneyPaths,
  opsMoneySchema,
  opsPeriodQuerySchema,
} from '@tern/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { balanceState } from '../health/readiness';
import { operatorGuard, operatorOf } from '../operators/guard';
import type { CallTally } from './call-tally';
import { auditCsv, moneyCsv } from './csv';
import { healthReport } from './health';
import { moneyReport } from './money';
import { type Period, periodOf } from './period';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  503: errorResponseSchema,
};

const csvFile = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});

export const opsReportRoutes: FastifyPluginAsyncZod<{ tally: CallTally }> = async (
  app,
  { tally },
) => {
  const { audit } = app.operators.signIn;

  async function money(period: Period) {
    const [counts, balance] = await Promise.all([
      app.ledger.salesAndRefunds(period.start, period.end),
      balanceState(app),
    ]);
    return moneyReport(period, counts, {
      providerBalance: balance
        ? {
            balance: balance.balance,
            currency: balance.currency,
            checkedAt: balance.checkedAt,
            low: balance.state === 'low',
          }
        : null,
      providerBalanceFloor: app.config.esimGo.balanceFloor ?? null,
    });
  }

  /** Sends the export as a download, and writes in the audit log who took it. */
  async function sendCsv(
    request: FastifyRequest,
    reply: FastifyReply,
    what: { action: string; name: string; period: Period; csv: string; lines: number },
  ) {
    await audit.record({
      operator: operatorOf(request).email,
      action: what.action,
      target: `${what.period.from}..${what.period.to}`,
      outcome: `done: ${what.lines} lines`,
      from: request.ip,
    });
    return reply
      .header(
        'content-disposition',
        `attachment; filename="${what.name}-${what.period.from}-to-${what.period.to}.csv"`,
      )
      .type('text/csv; charset=utf-8')
      .send(Buffer.from(what.csv, 'utf8'));
  }

  app.get(
    opsMoneyPaths.money.pattern,
    {
      schema: {
        querystring: opsPeriodQuerySchema,
        response: { 200: opsMoneySchema, ...refusals },
      },
      preHandler: operatorGuard('viewer', 'read money'),
    },
    async (request) => money(periodOf(request.query, app.clock())),
  );

  app.get(
    opsMoneyPaths.moneyCsv.pattern,
    {
      schema: {
        querystring: opsPeriodQuerySchema,
        response: { 200: csvFile('Sales, refunds and VAT by day and country'), ...refusals },
      },
      preHandler: operatorGuard('viewer', 'export money'),
    },
    async (request, reply) => {
      const period = periodOf(request.query, app.clock());
      const report = await money(period);
      return sendCsv(request, reply, {
        action: 'export money',
        name: 'money',
        period,
        csv: moneyCsv(report),
        lines: report.rows.length,
      });
    },
  );

  app.get(
    opsMoneyPaths.auditCsv.pattern,
    {
      schema: {
        querystring: opsPeriodQuerySchema,
        response: { 200: csvFile("The operators' audit log of the period"), ...refusals },
      },
      preHandler: operatorGuard('viewer', 'export audit'),
    },
    async (request, reply) => {
      const period = periodOf(request.query, app.clock());
      const entries = await audit.between(period.start, period.end);
      return sendCsv(request, reply, {
        action: 'export audit',
        name: 'audit',
        period,
        csv: auditCsv(entries),
        lines: entries.length,
      });
    },
  );

  app.get(
    opsMoneyPaths.health.pattern,
    {
      schema: { response: { 200: opsHealthSchema, ...refusals } },
      preHandler: operatorGuard('viewer', 'read health'),
    },
    async () => healthReport(app, tally),
  );
};
