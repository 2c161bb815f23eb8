import { describe, expect, it } from 'vitest';
import { arabicDayCount } from './arabic-days';

describe('days in Arabic', () => {
  it('take the plural form of their number', () => {
    expect(arabicDayCount(1)).toBe('يوم واحد');
    expect(arabicDayCount(2)).toBe('يومان');
    expect(arabicDayCount(7)).toBe('7 أيام');
    expect(arabicDayCount(30)).toBe('30 يومًا');
    expect(arabicDayCount(100)).toBe('100 يوم');
  });
});
