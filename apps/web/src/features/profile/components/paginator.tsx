/**
 * The invoice list's paginator, with the spec's labels (section 9): 'Items per page:' and the
 * fixed page size, the range 'start – end of total', and First, Previous, Next and Last page
 * buttons.
 */
import { useProfileWords } from '../hooks/use-profile-words';
import { pageCount, paginatorRangeLabel } from '../utils/paginator';

interface PaginatorProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  onPageChange: (pageIndex: number) => void;
  /** While a page loads the buttons wait, so a double click does not skip a page. */
  disabled?: boolean;
}

export function Paginator(props: PaginatorProps) {
  const words = useProfileWords();
  const { t } = words;
  const { pageIndex, pageSize, total, onPageChange } = props;
  const lastIndex = pageCount(pageSize, total) - 1;
  const atStart = pageIndex <= 0;
  const atEnd = pageIndex >= lastIndex;
  const disabled = props.disabled ?? false;

  return (
    <nav
      aria-label={t('profile.paginator.label')}
      className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 text-sm text-slate-700"
    >
      <p>
        {t('profile.paginator.perPage')}{' '}
        <span className="tabular-nums text-slate-900">{pageSize}</span>
      </p>
      <p aria-live="polite" className="min-w-32 text-center tabular-nums">
        {paginatorRangeLabel(pageIndex, pageSize, total, words)}
      </p>
      <div className="flex items-center gap-1">
        <PageButton
          label={t('profile.paginator.first')}
          disabled={disabled || atStart}
          onClick={() => onPageChange(0)}
          path="M18 17 13 12l5-5M11 17l-5-5 5-5"
        />
        <PageButton
          label={t('profile.paginator.previous')}
          disabled={disabled || atStart}
          onClick={() => onPageChange(pageIndex - 1)}
          path="m15 18-6-6 6-6"
        />
        <PageButton
          label={t('profile.paginator.next')}
          disabled={disabled || atEnd}
          onClick={() => onPageChange(pageIndex + 1)}
          path="m9 18 6-6-6-6"
        />
        <PageButton
          label={t('profile.paginator.last')}
          disabled={disabled || atEnd}
          onClick={() => onPageChange(lastIndex)}
          path="m6 17 5-5-5-5M13 17l5-5-5-5"
        />
      </div>
    </nav>
  );
}

function PageButton(props: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  path: string;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      className="flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
    >
      {/* Arrows point the reading way: mirrored right to left. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        className="rtl:-scale-x-100"
      >
        <path
          d={props.path}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
