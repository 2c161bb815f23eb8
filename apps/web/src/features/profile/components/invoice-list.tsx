/**
 * Invoices: the buyer's ledger as a table, 100 rows a page from the server and no other size
 * (spec sections 7 and 9), with a debounced search and the spec's paginator. Each row
 * downloads its PDF.
 */
import {
  formatAmount,
  invoiceNumber,
  LEDGER_PROFILE_PAGE_SIZE,
  type LedgerEntry,
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
        <section
          aria-labelledby={captionId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a narrow screen, so the keyboard must reach it (WCAG 2.1.1).
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-xl ring-1 ring-slate-200"
        >
          <table
            aria-busy={updating || ledger.isPending}
            className="w-full min-w-[48rem] text-left text-sm"
          >
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
                    {search ? `No invoices match “${search}”.` : 'You have no invoices yet.'}
                  </td>
                </tr>
              ) : (
                rows.map((entry) => (
                  <InvoiceRow
                    key={entry.led_id}
                    entry={entry}
                    downloading={download.isPending && download.variables === entry.led_id}
                    onDownload={() => download.mutate(entry.led_id)}
                  />
                ))
              )}
            </tbody>
          </table>
        </section>
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

function InvoiceRow(props: { entry: LedgerEntry; downloading: boolean; onDownload: () => void }) {
  const { entry } = props;
  const number = invoiceNumber(entry.led_id);
  return (
    <tr>
      <th scope="row" className="px-4 py-3 font-mono font-medium text-slate-900">
        {number}
      </th>
      <td className="whitespace-nowrap px-4 py-3 text-slate-800">{formatDate(entry.led_gl)}</td>
      <td className="px-4 py-3 font-mono text-slate-800">{entry.led_iccid}</td>
      <td className="px-4 py-3 text-slate-800">{entry.led_pla_description}</td>
      <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-900">
        {formatAmount(entry.led_enduser_price)} {entry.led_currency}
      </td>
      <td className="px-4 py-3 text-right">
        <button
          type="button"
          onClick={props.onDownload}
          disabled={props.downloading}
          aria-label={`Download PDF of invoice ${number}`}
          className="whitespace-nowrap rounded-full border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60"
        >
          Download PDF
        </button>
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
