import { describe, expect, it } from 'vitest';
import { mailboxOf, referralCodeSchema } from './referrals';

describe('the mailbox behind an address', () => {
  it('is the same for an alias with a +tag, in any case', () => {
    expect(mailboxOf('Rana.Khoury+trips@Example.com')).toBe('rana.khoury@example.com');
    expect(mailboxOf(' rana.khoury@example.com ')).toBe('rana.khoury@example.com');
  });

  it('ignores the dots of a Gmail address, and googlemail is gmail', () => {
    expect(mailboxOf('r.a.n.a+x@googlemail.com')).toBe('rana@gmail.com');
    expect(mailboxOf('RANA@gmail.com')).toBe('rana@gmail.com');
  });

  it('keeps the dots elsewhere: they name other mailboxes there', () => {
    expect(mailboxOf('r.ana@example.com')).not.toBe(mailboxOf('ra.na@example.com'));
  });

  it('leaves a leading + and odd addresses as they are', () => {
    expect(mailboxOf('+tag@example.com')).toBe('+tag@example.com');
    expect(mailboxOf('no-at-sign')).toBe('no-at-sign');
  });
});

describe('a referral code', () => {
  it('is 8 letters and digits without look-alikes, read in any case', () => {
    expect(referralCodeSchema.parse(' k7m2q9xa ')).toBe('K7M2Q9XA');
    expect(referralCodeSchema.safeParse('K7M2Q9X0').success).toBe(false);
    expect(referralCodeSchema.safeParse('K7M2Q9X').success).toBe(false);
  });
});
