// Dates as the profile reads and shows them, in the visitor's own time zone unless one is given.

/** The date `value` names, or undefined when there is none or it cannot be read. */
export function parseDate(value: Date | string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function formatDate(value: Date | string, timeZone?: string): string {
  const date = parseDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(date);
}

export function formatDateTime(value: Date | string, timeZone?: string): string {
  const date = parseDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}
