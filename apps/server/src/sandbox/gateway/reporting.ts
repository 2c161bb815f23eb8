/**
 * The gateway's Reporting API, transaction reports: the events of the merchant's transactions
 * within a time window, as CSV with the columns and headers the request names.
 *
 * What the pages give (https://ap-gateway.mastercard.com/api/documentation/integrationGuidelines/supportedFeatures/pickAdditionalFunctionality/reporting/reportingAPI.html,
 * https://developer.mastercard.com/mastercard-gateway/documentation/gateway-features/data-and-reporting/reporting/):
 * `GET /history/version/1/merchant/<merchant>/transaction?timeOfRecord.start=<starttime>&timeOfRecord.end=<endtime>`,
 * a password of its own ("You must generate a password to access the Reporting API"), CSV,
 * "you can specify the fields to populate the report and the column headers in the output",
 * and "all events associated with a given transaction within the period you specify are
 * inserted in the report. This includes any update events". Mastercard's sample download
 * scripts add `columns=` and `columnHeaders=` (comma-separated; "To omit a header row, leave
 * empty"), send times as `yyyy-mm-ddThh:mm:ssZ`, authenticate as `merchant.default` with the
 * reporting password, and, when the end is later than the data the server holds, read an
 * error answer `DATA_AVAILABLE_AFTER <time>` and download again up to that time.
 *
 * Assumed where the pages are silent: the start is inclusive and the end exclusive, and the
 * data lags five minutes behind, as the MSO event reports say ("you must not set an end time
 * that is later than five minutes before the present time",
 * https://na.gateway.mastercard.com/api/documentation/documentation/mso/integrationGuidelines/reporting/eventReports.html);
 * the lag is a control switch. The refusals' status (400, 401) and their plain-text bodies;
 * times in the report in UTC with a Z (the MSO reports' default); transaction types and
 * gateway codes as the REST API names them; a column the stand-in does not know is refused.
 */
import type { Db } from '../../db/client';
import { fromMinorUnits, minorDigits } from './money';
import { findTransactionsRecordedBetween, type TransactionRow } from './repository';

/** One line of the report: a transaction as it was recorded at one moment. */
interface ReportEvent {
  at: Date;
  row: TransactionRow;
  /** The gateway code at that moment: an unsettled transaction's first event had none yet. */
  gatewayCode: string;
}

/** The columns the stand-in fills, named as Mastercard's sample scripts name them. */
const columnValues: Record<string, (event: ReportEvent) => string> = {
  timeOfRecord: (event) => reportTime(event.at),
  merchant: (event) => event.row.merchantId,
  'order.id': (event) => event.row.orderId,
  'transaction.id': (event) => event.row.transactionId,
  'transaction.type': (event) => event.row.type,
  'transaction.amount': (event) =>
    fromMinorUnits(event.row.amountMinor, event.row.currency).toFixed(
      minorDigits(event.row.currency),
    ),
  'transaction.currency': (event) => event.row.currency,
  'response.gatewayCode': (event) => event.gatewayCode,
  'sourceOfFunds.provided.card.scheme': (event) => event.row.cardBrand ?? '',
  'sourceOfFunds.provided.card.number': (event) =>
    event.row.cardLast4 ? `xxxxxxxxxxxx${event.row.cardLast4}` : '',
};

export const reportColumns = Object.keys(columnValues);

export interface ReportRequest {
  start: Date;
  end: Date;
  columns: readonly string[];
  /** Empty: no header row. */
  headers: readonly string[];
}

/** Why a report is refused, in the words the answer carries. */
export class ReportRefusal extends Error {
  override name = 'ReportRefusal';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The window's events as CSV; refused when the end is later than the data available. */
export async function transactionReport(
  db: Db,
  merchantId: string,
  request: ReportRequest,
  availableUntil: Date,
): Promise<string> {
  if (request.end > availableUntil) {
    // Read by the sample scripts as 21 characters, then the time to download up to.
    throw new ReportRefusal(400, `DATA_AVAILABLE_AFTER ${reportTime(availableUntil)}`);
  }
  const rows = await findTransactionsRecordedBetween(db, merchantId, request.start, request.end);
  const events = rows
    .flatMap((row) => eventsOf(row))
    .filter((event) => event.at >= request.start && event.at < request.end)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const lines = events.map((event) =>
    request.columns.map((column) => csvField(columnValues[column]?.(event) ?? '')).join(','),
  );
  const header = request.headers.length > 0 ? [request.headers.map(csvField).join(',')] : [];
  return [...header, ...lines].map((line) => `${line}\r\n`).join('');
}

/** A transaction's creation, and its outcome when that came later (an update event). */
function eventsOf(row: TransactionRow): ReportEvent[] {
  if (row.settledAt === null) return [{ at: row.createdAt, row, gatewayCode: row.gatewayCode }];
  return [
    { at: row.createdAt, row, gatewayCode: 'SUBMITTED' },
    { at: row.settledAt, row, gatewayCode: row.gatewayCode },
  ];
}

/** `yyyy-mm-ddThh:mm:ssZ`, the form the sample scripts send and read back. */
export function reportTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
