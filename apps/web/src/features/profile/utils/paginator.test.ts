import { describe, expect, it } from 'vitest';
import { pageCount, paginatorRangeLabel, skipFor } from './paginator';

describe('paginatorRangeLabel', () => {
  it("reads 'start – end of total' with an en dash", () => {
    expect(paginatorRangeLabel(0, 100, 250)).toBe('1 – 100 of 250');
    expect(paginatorRangeLabel(1, 100, 250)).toBe('101 – 200 of 250');
  });

  it('ends the last page at the total', () => {
    expect(paginatorRangeLabel(2, 100, 250)).toBe('201 – 250 of 250');
    expect(paginatorRangeLabel(0, 100, 1)).toBe('1 – 1 of 1');
  });

  it("reads '0 of total' when there is nothing", () => {
    expect(paginatorRangeLabel(0, 100, 0)).toBe('0 of 0');
    expect(paginatorRangeLabel(0, 0, 5)).toBe('0 of 5');
  });
});

describe('pageCount', () => {
  it('rounds up, with one page for an empty list', () => {
    expect(pageCount(100, 0)).toBe(1);
    expect(pageCount(100, 100)).toBe(1);
    expect(pageCount(100, 101)).toBe(2);
  });
});

describe('skipFor', () => {
  it('skips whole pages', () => {
    expect(skipFor(0, 100)).toBe(0);
    expect(skipFor(3, 100)).toBe(300);
    expect(skipFor(-1, 100)).toBe(0);
  });
});
