/**
 * The console's exports as an accountant's spreadsheet opens them (RFC 4180): UTF-8 with a
 * byte-order mark, so Excel reads the Arabic and accented names right; commas; every text in
 * double quotes, numbers bare so they stay numbers; CRLF line ends. A text that a spreadsheet
 * would take for a formula (=, +, -, @ first) is written with a leading apostrophe: names and
 * targets in the audit log come from whoever called (OWASP's CSV injection).
 */
import type { AuditEntry, MoneyFigures, OpsMoney } from '@tern/contract';
import { auditCsvHeader, moneyCsvHeader } from '@tern/contract';

/** Money as a plain decimal with two places: 12.30, never cents or 12.3. */
interface Decimal {
  decimal: string;
}
type CsvCell = string | number | Decimal;

const BYTE_ORDER_MARK = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

const amount = (value: number): Decimal => ({ decimal: value.toFixed(2) });

function cell(value: CsvCell): string {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return value.decimal;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvDocument(header: readonly string[], rows: readonly CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

function figureCells(figures: MoneyFigures): CsvCell[] {
  return [
    figures.salesCount,
    amount(figures.salesGross),
    amount(figures.salesNet),
    amount(figures.salesVat),
    amount(figures.salesStamps),
    amount(figures.salesDiscount),
    amount(figures.salesCredit),
    figures.refundsCount,
    amount(figures.refundsAmount),
    amount(figures.refundsNet),
    amount(figures.refundsVat),
    amount(figures.refundsStamps),
    amount(figures.vatDue),
  ];
}

/** One line per day and country, in moneyCsvHeader's columns. */
export function moneyCsv(report: OpsMoney): string {
  return csvDocument(
    moneyCsvHeader,
    report.rows.map(({ day, iso, country, ...figures }) => [
      day,
      iso,
      country,
      report.currency,
      ...figureCells(figures),
    ]),
  );
}

/** One line per entry, oldest first, in auditCsvHeader's columns; times as a sheet reads them. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return csvDocument(
    auditCsvHeader,
    entries.map((entry) => [
      entry.at.slice(0, 19).replace('T', ' '),
      entry.operator,
      entry.action,
      entry.target ?? '',
      entry.outcome,
      entry.from,
    ]),
  );
}
