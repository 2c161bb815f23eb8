import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('reads as a medium English date in the given zone', () => {
    expect(formatDate('2026-01-05T23:30:00Z', 'UTC')).toBe('Jan 5, 2026');
    expect(formatDate(new Date('2026-01-05T23:30:00Z'), 'Asia/Beirut')).toBe('Jan 6, 2026');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day', () => {
    expect(formatDateTime('2026-01-05T14:05:00Z', 'UTC')).toBe('Jan 5, 2026, 2:05 PM');
  });
});
