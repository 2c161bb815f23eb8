/**
 * Invoices: the buyer's ledger, 100 entries a page from the server and no other size (spec
 * sections 7 and 9), with a debounced search and the spec's paginator. Each entry names its
 * plan in the shop's words and downloads its PDF. Wide screens get a table; a phone gets a
 * card per invoice, so nothing (the PDF button least of all) hides off the side of the screen.
 */
import {
  formatAmount,
  invoiceNumber,
  LEDGER_PROFILE_PAGE_SIZE,
  type ProfileLedgerEntry,
} from '@tern/contract';
import { useId, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useDownloadInvoice } from '../api/download-invoice';
import { useLedgerPage } from '../api/get-ledger';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { formatDate } from '../utils/dates';
import { skipFor } from '../utils/paginator';
import { Paginator } from './paginator';

const SEARCH_DELAY_MS = 300;

export function InvoiceList({ email }: { email: string }) {
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
  const emptyText = search ? `No invoices match “${search}”.` : 'You have no invoices yet.';
  const isDownloading = (id: number) => download.isPending && download.variables === id;

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          Search invoices
        </label>
        <input
          id={searchId}
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="ICCID or plan"
          autoComplete="off"
          spellCheck={false}
          className="h-11 w-full rounded-full border border-slate-300 bg-white px-5 text-base placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-600 sm:w-80"
        />
      </div>

      {ledger.isError && !rows ? (
        <div className="mt-4 rounded-xl border border-red-200 bg-red-50">
          <LoadError
            message="Your invoices could not be loaded."
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
            <table aria-busy={updating || ledger.isPending} className="w-full text-left text-sm">
              <caption id={captionId} className="sr-only">
                Your invoices
              </caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Invoice number
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    ICCID
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Description
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">Invoice PDF</span>
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
                    <InvoiceRow
                      key={entry.led_id}
                      entry={entry}
                      downloading={isDownloading(entry.led_id)}
                      onDownload={() => download.mutate(entry.led_id)}
                    />
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
  if (!rows) {
    return (
      <div role="status" className="mt-4 space-y-3 md:hidden">
        <span className="sr-only">Loading your invoices…</span>
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
      aria-label="Your invoices"
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
  const headingId = useId();
  const number = invoiceNumber(entry.led_id);
  return (
    <article aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="font-mono font-semibold text-slate-900">
          {number}
        </h3>
        <p className="tabular-nums font-semibold text-slate-900">
          {formatAmount(entry.led_enduser_price)} {entry.led_currency}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Date</dt>
        <dd className="text-slate-900">{formatDate(entry.led_gl)}</dd>
        <dt className="text-slate-600">Plan</dt>
        <dd className="text-slate-900">{entry.led_pla_title}</dd>
        <dt className="text-slate-600">ICCID</dt>
        <dd className="break-all font-mono text-slate-900">{entry.led_iccid}</dd>
      </dl>
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
  return (
    <button
      type="button"
      onClick={props.onDownload}
      disabled={props.downloading}
      aria-label={`Download PDF of invoice ${props.number}`}
      className={`whitespace-nowrap rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60 ${
        props.wide ? 'mt-3 w-full py-2' : ''
      }`}
    >
      Download PDF
    </button>
  );
}

function InvoiceRow(props: InvoiceItemProps) {
  const { entry } = props;
  const number = invoiceNumber(entry.led_id);
  return (
    <tr>
      <th scope="row" className="px-4 py-3 font-mono font-medium text-slate-900">
        {number}
      </th>
      <td className="whitespace-nowrap px-4 py-3 text-slate-800">{formatDate(entry.led_gl)}</td>
      <td className="px-4 py-3 font-mono text-slate-800">{entry.led_iccid}</td>
      <td className="px-4 py-3 text-slate-800">{entry.led_pla_title}</td>
      <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-900">
        {formatAmount(entry.led_enduser_price)} {entry.led_currency}
      </td>
      <td className="px-4 py-3 text-right">
        <DownloadButton
          number={number}
          downloading={props.downloading}
          onDownload={props.onDownload}
        />
      </td>
    </tr>
  );
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
