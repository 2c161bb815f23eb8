// The console's few button and table styles, in one place so every section looks alike.
export const primaryButton =
  'min-h-11 rounded-full bg-brand-800 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60';
export const secondaryButton =
  'min-h-11 rounded-full border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';
export const dangerButton =
  'min-h-11 rounded-full bg-red-700 px-5 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';
export const tableClass = 'w-full border-collapse text-start text-sm';
export const cellClass = 'border-b border-slate-200 px-2 py-2 text-start align-top';
export const headCellClass = `${cellClass} font-semibold text-slate-700`;
