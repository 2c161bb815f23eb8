/**
 * Invoices: the buyer's ledger, 100 entries a page from the server and no other size (spec
 * sections 7 and 9), with a debounced search and the spec's paginator. Each entry names its
 * plan in the shop's words and downloads its PDF; a refunded one its credit note too. Wide screens get a table; a phone gets a
 * card per invoice, so nothing (the PDF button least of all) hides off the side of the screen.
 */

import type { Language } from '@tern/contract/languages';
import {
  creditNoteNumber,
  invoiceNumber,
  LEDGER_PROFILE_PAGE_SIZE,
  type ProfileLedgerEntry,
} from '@tern/contract/profile';
import { Fragment, useId, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useDownloadCreditNote, useDownloadInvoice } from '../api/download-invoice';
import { useLedgerPage } from '../api/get-ledger';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useProfileWords } from '../hooks/use-profile-words';
import { formatDate } from '../utils/dates';
import { skipFor } from '../utils/paginator';
import { dateLocale, invoiceAmount, planTitleIn } from '../utils/profile-format';
import { Paginator } from './paginator';

const SEARCH_DELAY_MS = 300;

export function InvoiceList({ email }: { email: string }) {
  const { t } = useProfileWords();
  const searchId = useId();
  const captionId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was chosen for: a new search starts at the first page.
  const [paging, setPaging] = useState({ search: '', pageIndex: 0 });
  const pageIndex = paging.search === search ? paging.pageIndex : 0;

  const ledger = useLedgerPage(email, {
    skip: skipFor(pageIndex, LEDGER_PROFILE_PAGE_SIZE),
    limit: LEDGER_PROFILE_PAGE_SIZE,
    search,
  });
  const download = useDownloadInvoice();
  const total = ledger.data?.total ?? 0;
  const rows = ledger.data?.data;
  const updating = ledger.isFetching && ledger.isPlaceholderData;
  const emptyText = search ? t('profile.invoices.noMatch', { search }) : t('profile.invoices.none');
  const isDownloading = (id: number) => download.isPending && download.variables === id;

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          {t('profile.invoices.search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('profile.invoices.searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          className="h-11 w-full rounded-full border border-slate-300 bg-white px-5 text-base placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600 sm:w-80"
        />
      </div>

      {ledger.isError && !rows ? (
        <div className="mt-4 rounded-xl border border-red-200 bg-red-50">
          <LoadError
            message={t('profile.invoices.error')}
            onRetry={() => void ledger.refetch()}
            compact
          />
        </div>
      ) : (
        <>
          <InvoiceCards
            rows={rows}
            busy={updating || ledger.isPending}
            emptyText={emptyText}
            isDownloading={isDownloading}
            onDownload={(id) => download.mutate(id)}
          />
          <section
            aria-labelledby={captionId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: it may scroll sideways on a mid-size screen, so the keyboard must reach it (WCAG 2.1.1).
            tabIndex={0}
            className="mt-4 hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 md:block"
          >
            <table aria-busy={updating || ledger.isPending} className="w-full text-start text-sm">
              <caption id={captionId} className="sr-only">
                {t('profile.invoices.caption')}
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {t('profile.invoices.number')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {t('profile.invoices.date')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {t('profile.invoices.iccid')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    {t('profile.invoices.description')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-end font-semibold">
                    {t('profile.invoices.amount')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">{t('profile.invoices.pdf')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className={`divide-y divide-slate-200 ${updating ? 'opacity-60' : ''}`}>
                {!rows ? (
                  <LoadingRows />
                ) : rows.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-10 text-center text-slate-700">
                      {emptyText}
                    </td>
                  </tr>
                ) : (
                  rows.map((entry) => (
                    <Fragment key={entry.led_id}>
                      <InvoiceRow
                        entry={entry}
                        downloading={isDownloading(entry.led_id)}
                        onDownload={() => download.mutate(entry.led_id)}
                      />
                      {entry.led_refunded_at ? (
                        <RefundRow entry={entry} refundedAt={entry.led_refunded_at} />
                      ) : null}
                    </Fragment>
                  ))
                )}
              </tbody>
            </table>
          </section>
        </>
      )}

      <div className="mt-3">
        <Paginator
          pageIndex={pageIndex}
          pageSize={LEDGER_PROFILE_PAGE_SIZE}
          total={total}
          disabled={ledger.isFetching}
          onPageChange={(next) => setPaging({ search, pageIndex: next })}
        />
      </div>
    </div>
  );
}

interface InvoiceCardsProps {
  rows: ProfileLedgerEntry[] | undefined;
  busy: boolean;
  emptyText: string;
  isDownloading: (id: number) => boolean;
  onDownload: (id: number) => void;
}

/** Below the table's width: one card per invoice, the PDF button across its foot. */
function InvoiceCards({ rows, busy, emptyText, isDownloading, onDownload }: InvoiceCardsProps) {
  const { t } = useProfileWords();
  if (!rows) {
    return (
      <div role="status" className="mt-4 space-y-3 md:hidden">
        <span className="sr-only">{t('profile.invoices.loading')}</span>
        {[0, 1].map((n) => (
          <div
            key={n}
            className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
          />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="mt-4 rounded-xl px-4 py-10 text-center text-slate-700 ring-1 ring-slate-200 md:hidden">
        {emptyText}
      </p>
    );
  }
  return (
    <ul
      aria-label={t('profile.invoices.caption')}
      aria-busy={busy}
      className={`mt-4 space-y-3 md:hidden ${busy ? 'opacity-60' : ''}`}
    >
      {rows.map((entry) => (
        <li key={entry.led_id}>
          <InvoiceCard
            entry={entry}
            downloading={isDownloading(entry.led_id)}
            onDownload={() => onDownload(entry.led_id)}
          />
        </li>
      ))}
    </ul>
  );
}

interface InvoiceItemProps {
  entry: ProfileLedgerEntry;
  downloading: boolean;
  onDownload: () => void;
}

function InvoiceCard({ entry, downloading, onDownload }: InvoiceItemProps) {
  const words = useProfileWords();
  const { t, language } = words;
  const headingId = useId();
  const number = invoiceNumber(entry.led_id);
  return (
    <article aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="font-mono font-semibold text-slate-900">
          <bdi dir="ltr">{number}</bdi>
        </h3>
        <p dir="ltr" className="tabular-nums font-semibold text-slate-900">
          {invoiceAmount(entry.led_enduser_price, entry.led_currency, language)}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('profile.invoices.date')}</dt>
        <dd className="text-slate-900">
          {formatDate(entry.led_gl, undefined, dateLocale(language))}
        </dd>
        <dt className="text-slate-600">{t('profile.invoices.plan')}</dt>
        <dd className="text-slate-900">{planTitleIn(entry.led_pla_title, words)}</dd>
        <dt className="text-slate-600">{t('profile.invoices.iccid')}</dt>
        <dd className="break-all font-mono text-slate-900">
          <bdi dir="ltr">{entry.led_iccid}</bdi>
        </dd>
      </dl>
      {entry.led_refunded_at ? (
        <p className="mt-3 flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <span className="font-semibold">
            {t('profile.invoices.refundedOn', {
              date: formatDate(entry.led_refunded_at, undefined, dateLocale(language)),
            })}
          </span>
          <bdi dir="ltr" className="tabular-nums font-semibold">
            {creditAmount(entry, language)}
          </bdi>
          <CreditNoteButton ledgerId={entry.led_id} wide />
        </p>
      ) : null}
      <DownloadButton number={number} downloading={downloading} onDownload={onDownload} wide />
    </article>
  );
}

function DownloadButton(props: {
  number: string;
  downloading: boolean;
  onDownload: () => void;
  wide?: boolean;
}) {
  const { t } = useProfileWords();
  return (
    <button
      type="button"
      onClick={props.onDownload}
      disabled={props.downloading}
      aria-label={t('profile.invoices.downloadLabel', { number: props.number })}
      className={`whitespace-nowrap rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60 ${
        props.wide ? 'mt-3 w-full py-2' : ''
      }`}
    >
      {t('profile.invoices.download')}
    </button>
  );
}

function InvoiceRow(props: InvoiceItemProps) {
  const words = useProfileWords();
  const { language } = words;
  const { entry } = props;
  const number = invoiceNumber(entry.led_id);
  return (
    <tr>
      <th scope="row" className="px-4 py-3 text-start font-mono font-medium text-slate-900">
        <bdi dir="ltr">{number}</bdi>
      </th>
      <td className="whitespace-nowrap px-4 py-3 text-slate-800">
        {formatDate(entry.led_gl, undefined, dateLocale(language))}
      </td>
      <td className="px-4 py-3 font-mono text-slate-800">
        <bdi dir="ltr">{entry.led_iccid}</bdi>
      </td>
      <td className="px-4 py-3 text-slate-800">{planTitleIn(entry.led_pla_title, words)}</td>
      <td className="whitespace-nowrap px-4 py-3 text-end tabular-nums text-slate-900">
        <bdi dir="ltr">{invoiceAmount(entry.led_enduser_price, entry.led_currency, language)}</bdi>
      </td>
      <td className="px-4 py-3 text-end">
        <DownloadButton
          number={number}
          downloading={props.downloading}
          onDownload={props.onDownload}
        />
      </td>
    </tr>
  );
}

/** The credit under a refunded invoice: the same amount, given back. */
function RefundRow({ entry, refundedAt }: { entry: ProfileLedgerEntry; refundedAt: string }) {
  const { t, language } = useProfileWords();
  return (
    <tr className="bg-emerald-50 text-emerald-900">
      <th scope="row" className="px-4 py-3 text-start font-semibold">
        {t('profile.invoices.refunded')}
      </th>
      <td className="whitespace-nowrap px-4 py-3">
        {formatDate(refundedAt, undefined, dateLocale(language))}
      </td>
      <td className="px-4 py-3 font-mono">
        <bdi dir="ltr">{entry.led_iccid}</bdi>
      </td>
      <td className="px-4 py-3">
        {t('profile.invoices.refundOf', { number: invoiceNumber(entry.led_id) })}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-end tabular-nums font-semibold">
        <bdi dir="ltr">{creditAmount(entry, language)}</bdi>
      </td>
      <td className="px-4 py-3 text-end">
        <CreditNoteButton ledgerId={entry.led_id} />
      </td>
    </tr>
  );
}

/** The refund's credit note (CN-…), downloaded in the language on screen. */
function CreditNoteButton({ ledgerId, wide }: { ledgerId: number; wide?: boolean }) {
  const { t } = useProfileWords();
  const download = useDownloadCreditNote();
  const number = creditNoteNumber(ledgerId);
  return (
    <button
      type="button"
      onClick={() => download.mutate(ledgerId)}
      disabled={download.isPending}
      aria-label={t('profile.invoices.creditNoteLabel', {
        number,
        invoice: invoiceNumber(ledgerId),
      })}
      className={`whitespace-nowrap rounded-full border border-emerald-700 bg-white px-3 py-1.5 text-sm font-semibold text-emerald-900 hover:bg-emerald-100 disabled:cursor-wait disabled:opacity-60 ${
        wide ? 'mt-2 w-full py-2' : ''
      }`}
    >
      {t('profile.invoices.creditNote')}
    </button>
  );
}

/** What was paid, as a credit: the minus sign before the amount, read left to right. */
function creditAmount(entry: ProfileLedgerEntry, language: Language): string {
  return `\u2212${invoiceAmount(entry.led_enduser_price, entry.led_currency, language)}`;
}

function LoadingRows() {
  return (
    <>
      {[0, 1, 2].map((n) => (
        <tr key={n}>
          <td colSpan={6} className="px-4 py-3">
            <span className="block h-5 animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />
          </td>
        </tr>
      ))}
    </>
  );
}
