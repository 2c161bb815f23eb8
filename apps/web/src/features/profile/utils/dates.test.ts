import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('reads as a date with the month in words, in the given zone', () => {
    expect(formatDate('2026-01-05T23:30:00Z', 'UTC', 'en-US')).toBe('Jan 5, 2026');
    expect(formatDate(new Date('2026-01-05T23:30:00Z'), 'Asia/Beirut', 'en-US')).toBe(
      'Jan 6, 2026',
    );
  });

  it('follows the traveller’s locale without ever writing the month as a number', () => {
    expect(formatDate('2026-11-30T12:00:00Z', 'UTC', 'en-GB')).toBe('30 Nov 2026');
    expect(formatDate('2026-11-30T12:00:00Z', 'UTC', 'de-DE')).toMatch(/^30\. Nov\.? 2026$/);
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day', () => {
    expect(formatDateTime('2026-01-05T14:05:00Z', 'UTC', 'en-US')).toBe('Jan 5, 2026, 2:05 PM');
    expect(formatDateTime('2026-01-05T14:05:00Z', 'UTC', 'en-GB')).toBe('5 Jan 2026, 14:05');
  });
});
