import { describe, expect, it } from 'vitest';
import { type MailPlan, mailPlanTitle, mailPrice, unlistedMailPlan } from './mail-format';

const LRI = '\u2066';
const PDI = '\u2069';

const plan = (
  destinationCode: string,
  destinationName: string,
  dataMb: number,
  durationDays: number,
  unlimited = false,
): MailPlan => ({
  destinationCode,
  destinationName,
  allowance: { dataMb, unlimited, durationDays },
  description: 'eSIM, 1GB, 7 Days, France, V2',
});

describe('a plan named in an e-mail’s language', () => {
  const france = plan('FR', 'France', 1000, 7);

  it('keeps the shop’s English words', () => {
    expect(mailPlanTitle(france, 'en')).toBe('France eSIM · 1 GB · 7 days');
  });

  it('says the country, the data and the days in French', () => {
    expect(mailPlanTitle(france, 'fr')).toBe('eSIM France · 1 Go · 7 jours');
    expect(mailPlanTitle(plan('US', 'United States', 1500, 1), 'fr')).toBe(
      'eSIM États-Unis · 1,5 Go · 1 jour',
    );
    expect(mailPlanTitle(plan('DE', 'Germany', 500, 30), 'fr')).toBe(
      'eSIM Allemagne · 500 Mo · 30 jours',
    );
  });

  it('says them in Arabic, with the data amount held left to right and the plural by number', () => {
    expect(mailPlanTitle(france, 'ar')).toBe(`شريحة eSIM فرنسا · ${LRI}1 GB${PDI} · 7 أيام`);
    expect(mailPlanTitle(plan('FR', 'France', 1000, 1), 'ar')).toContain('· يوم واحد');
    expect(mailPlanTitle(plan('FR', 'France', 1000, 2), 'ar')).toContain('· يومان');
    expect(mailPlanTitle(plan('FR', 'France', 1000, 30), 'ar')).toContain('· 30 يومًا');
  });

  it('names the United States in Arabic without gluing a prefix to its article', () => {
    const title = mailPlanTitle(plan('US', 'United States', 1000, 7), 'ar');
    expect(title).toContain('الولايات المتحدة');
    expect(title).not.toContain('لـال');
  });

  it('names the shop’s regions and unlimited plans in the language', () => {
    const europe = plan('Europe+', 'Europe+', -1, 3, true);
    expect(mailPlanTitle(europe, 'fr')).toBe('eSIM Europe+ · Illimité · 3 jours');
    expect(mailPlanTitle(plan('Middle East', 'Middle East', 5000, 30), 'ar')).toBe(
      `شريحة eSIM الشرق الأوسط · ${LRI}5 GB${PDI} · 30 يومًا`,
    );
  });

  it('keeps the stored words of a plan the catalogue no longer lists', () => {
    const gone = unlistedMailPlan('eSIM, 3GB, 15 Days, France, V1');
    expect(mailPlanTitle(gone, 'fr')).toBe('eSIM, 3GB, 15 Days, France, V1');
  });
});

describe('a price in an e-mail’s language', () => {
  it('reads 1.99 USD in English, as the e-mails always did', () => {
    expect(mailPrice(199, 'USD', 'en')).toBe('1.99 USD');
  });

  it('reads 1,99 $US in French', () => {
    expect(mailPrice(199, 'USD', 'fr')).toBe('1,99\u00a0$US');
    expect(mailPrice(4699, 'USD', 'fr')).toBe('46,99\u00a0$US');
  });

  it('reads US$ 1.99 in Arabic, with Western digits, held left to right', () => {
    expect(mailPrice(199, 'USD', 'ar')).toBe(`${LRI}US$ 1.99${PDI}`);
  });
});
