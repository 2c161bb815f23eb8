import { paths } from '@tern/contract/routes';
import { describe, expect, it } from 'vitest';
import { formatIsoDate, requestedSection, sectionHref } from './legal-links';

describe('legal page sections', () => {
  it('are linked through the route query, never a bare #id that the hash router would take for a page', () => {
    expect(sectionHref(paths.termsAndConditions, 'refunds')).toBe(
      '#/terms-and-conditions?section=refunds',
    );
    expect(sectionHref(paths.privacyPolicy, 'children')).toBe('#/privacy-policy?section=children');
  });

  it('are scrolled to only when the page has them', () => {
    const ids = ['refunds', 'liability'];
    expect(requestedSection('liability', ids)).toBe('liability');
    expect(requestedSection('children', ids)).toBeUndefined();
    expect(requestedSection(null, ids)).toBeUndefined();
  });
});

describe('the last-updated date', () => {
  it('reads as day, month name and year', () => {
    expect(formatIsoDate('2026-11-22')).toBe('22 November 2026');
    expect(formatIsoDate('2025-01-01')).toBe('1 January 2025');
  });
});
