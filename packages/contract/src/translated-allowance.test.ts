import { describe, expect, it } from 'vitest';
import { type AllowanceWords, allowanceIn, arabicDayCount } from './translated-allowance';

describe('days in Arabic', () => {
  it('take the plural form of their number', () => {
    expect(arabicDayCount(1)).toBe('يوم واحد');
    expect(arabicDayCount(2)).toBe('يومان');
    expect(arabicDayCount(7)).toBe('7 أيام');
    expect(arabicDayCount(30)).toBe('30 يومًا');
    expect(arabicDayCount(100)).toBe('100 يوم');
  });
});

describe('a plan’s data and days in a language’s words', () => {
  const french: AllowanceWords = {
    unlimited: 'Illimité',
    mb: (amount) => `${amount} Mo`,
    gb: (amount) => `${amount} Go`,
    days: (count) => `${count} j`,
  };
  const title = (dataMb: number, unlimited = false) =>
    allowanceIn({ dataMb, unlimited, durationDays: 7 }, french);

  it('says MB below a gigabyte and GB (1000 MB) from there, at most two decimals', () => {
    expect([title(500), title(1000), title(1500), title(1234.5)]).toEqual([
      '500 Mo · 7 j',
      '1 Go · 7 j',
      '1.5 Go · 7 j',
      '1.23 Go · 7 j',
    ]);
  });

  it('says unlimited for an unlimited plan or a negative amount', () => {
    expect([title(-1), title(2000, true)]).toEqual(['Illimité · 7 j', 'Illimité · 7 j']);
  });
});
