/**
 * Client of the MPGS Reporting API's transaction download: the events of the merchant's
 * transactions in a time window, as CSV. MPGS's transaction API cannot list orders; this is
 * the documented way to learn of a payment the shop never heard of
 * (https://ap-gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/reporting/reportingAPI.html,
 * https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/data-and-reporting/reporting/):
 * `GET /history/version/1/merchant/{id}/transaction?timeOfRecord.start=…&timeOfRecord.end=…`
 * with the columns and headers asked for, under a password of its own. When the end is later
 * than the data the gateway holds, it answers `DATA_AVAILABLE_AFTER <time>` (Mastercard's
 * sample download scripts read it and download again up to that time), and so does this.
 */
import { z } from 'zod';
import { callJson, type HttpFailure, type OutsideService } from '../http/http-core';
import { GatewayError, merchantAuthorization } from './client';

export interface GatewayReportingOptions {
  /** The reporting host's root, without a trailing slash (the gateway's, or the sandbox's). */
  baseUrl: string;
  merchantId: string;
  /** The Reporting API's own password, not the API password. */
  password: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

/** One event of one transaction, as the report lists it. */
export interface ReportedTransaction {
  at: Date;
  orderId: string;
  transactionId: string;
  /** AUTHORIZATION, PAYMENT, CAPTURE, VOID_AUTHORIZATION, REFUND… */
  type: string;
  amount: number;
  currency: string;
  /** APPROVED, DECLINED, SUBMITTED… */
  gatewayCode: string;
}

export interface TransactionReport {
  transactions: ReportedTransaction[];
  /** Where the report ends: the end asked for, or the gateway's last available time. */
  until: Date;
}

export interface GatewayReportingClient {
  /** The events recorded from `start` (inclusive) to `end` (exclusive), or as far as available. */
  transactionsBetween(start: Date, end: Date): Promise<TransactionReport>;
}

/** The columns asked for, each under its own name as header, so the rows are read by name. */
const COLUMNS = [
  'timeOfRecord',
  'order.id',
  'transaction.id',
  'transaction.type',
  'transaction.amount',
  'transaction.currency',
  'response.gatewayCode',
] as const;

const DATA_AVAILABLE_AFTER = /^DATA_AVAILABLE_AFTER (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/;
const defaults = { timeoutMs: 30_000, retries: 2, backoffMs: 500 } as const;

export function createGatewayReportingClient(
  options: GatewayReportingOptions,
): GatewayReportingClient {
  const service = reportingService(options);
  const path = `/history/version/1/merchant/${encodeURIComponent(options.merchantId)}/transaction`;
  const download = (start: Date, end: Date) =>
    callJson(service, {
      method: 'GET',
      path,
      query: {
        'timeOfRecord.start': reportTime(start),
        'timeOfRecord.end': reportTime(end),
        columns: COLUMNS.join(','),
        columnHeaders: COLUMNS.join(','),
      },
      schema: z.string(),
      answer: 'text',
      repeat: 'transient',
    });

  return {
    async transactionsBetween(start, before) {
      // Whole seconds, as the times are written: the end rounded up, so nothing is left out.
      const end = new Date(Math.ceil(before.getTime() / 1000) * 1000);
      try {
        return { transactions: readReport(await download(start, end)), until: end };
      } catch (error) {
        const availableUntil = dataAvailableUntil(error);
        if (!availableUntil) throw error;
        if (availableUntil <= start) return { transactions: [], until: start };
        const csv = await download(start, availableUntil);
        return { transactions: readReport(csv), until: availableUntil };
      }
    },
  };
}

/** The time the gateway's data reaches, when that is why it refused the window. */
function dataAvailableUntil(error: unknown): Date | undefined {
  if (!(error instanceof GatewayError) || error.gatewayCause !== 'DATA_AVAILABLE_AFTER') return;
  const at = new Date(error.explanation ?? '');
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Whole seconds, UTC, as the sample scripts send them: `yyyy-mm-ddThh:mm:ssZ` (rounded down). */
function reportTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/** The report's rows by the header names; a row missing a column we need is an error. */
export function readReport(csv: string): ReportedTransaction[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header) return [];
  const at = (name: (typeof COLUMNS)[number]) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`The gateway's report has no ${name} column`);
    return index;
  };
  const index = Object.fromEntries(COLUMNS.map((name) => [name, at(name)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  return rows.map((fields) => {
    const field = (name: (typeof COLUMNS)[number]) => fields[index[name]] ?? '';
    const time = new Date(field('timeOfRecord'));
    const amount = Number(field('transaction.amount'));
    if (Number.isNaN(time.getTime()) || !Number.isFinite(amount) || !field('order.id')) {
      throw new Error(`The gateway's report has a row it does not explain: ${fields.join(',')}`);
    }
    return {
      at: time,
      orderId: field('order.id'),
      transactionId: field('transaction.id'),
      type: field('transaction.type').toUpperCase(),
      amount,
      currency: field('transaction.currency'),
      gatewayCode: field('response.gatewayCode').toUpperCase(),
    };
  });
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((fields) => fields.some((value) => value !== ''));
}

function reportingService(options: GatewayReportingOptions): OutsideService<GatewayError> {
  return {
    name: 'Gateway reporting',
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: {
      authorization: merchantAuthorization(options.merchantId, options.password),
      accept: 'text/csv',
    },
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    retry: {
      retries: options.retries ?? defaults.retries,
      backoffMs: options.backoffMs ?? defaults.backoffMs,
      maxBackoffMs: 5_000,
    },
    toError: reportingError,
  };
}

/** The refusal's plain text: `DATA_AVAILABLE_AFTER <time>` becomes a cause the caller reads. */
function reportingError({ message, status, failure, body }: HttpFailure): GatewayError {
  const lag = DATA_AVAILABLE_AFTER.exec(body?.trim() ?? '');
  if (failure === 'http' && lag?.[1]) {
    return new GatewayError(message, status, 'http', 'DATA_AVAILABLE_AFTER', lag[1]);
  }
  const said = body?.trim().slice(0, 200);
  return new GatewayError(said ? `${message}: ${said}` : message, status, failure);
}
