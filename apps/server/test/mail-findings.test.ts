/**
 * Issue 26, points 16 and 17, for every e-mail the shop sends, in English, French and Arabic:
 * a link reads as a labelled button (the address only in the plain-text part), the card fits a
 * phone, and the plan and the price are written in the reader's language.
 */
import type { Language } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/integrations/mail/mailer';
import { usageAlertMail } from '../src/modules/alerts/alert-mail';
import { signInCodeMail } from '../src/modules/auth/sign-in-code-mail';
import { installInstructions } from '../src/modules/esims/esim-install';
import {
  esimReadyMail,
  paymentReturnedMail,
  topupReadyMail,
} from '../src/modules/orders/order-mail';
import { esimRefundedMail } from '../src/modules/refunds/refund-mail';
import { supportMail } from '../src/modules/support/support-mail';

const LRI = '\u2066';
const PDI = '\u2069';
const languages: readonly Language[] = ['en', 'fr', 'ar'];

/** What each language must read for France's 1 GB, 7 days plan at $1.99. */
const expected: Record<Language, { title: string; price: string; topUp: string }> = {
  en: { title: 'France eSIM · 1 GB · 7 days', price: '1.99 USD', topUp: 'Top up this eSIM' },
  fr: {
    title: 'eSIM France · 1 Go · 7 jours',
    price: '1,99\u00a0$US',
    topUp: 'Recharger cette eSIM',
  },
  ar: {
    title: `شريحة eSIM فرنسا · ${LRI}1 GB${PDI} · 7 أيام`,
    price: `${LRI}US$ 1.99${PDI}`,
    topUp: 'اشحن هذه الشريحة',
  },
};

const plan = {
  destinationCode: 'FR',
  destinationName: 'France',
  allowance: { dataMb: 1000, unlimited: false, durationDays: 7 },
  description: 'eSIM, 1GB, 7 Days, France, V2',
};
const order = { gatewayOrderId: 'T-100', plan, amountCents: 199, currency: 'USD' };
const esim = { iccid: '8944000000000000017', smdpAddress: 'smdp.example', matchingId: 'M-1' };
const topupUrl = `https://shop.example/#/plan-details?purchase_type=Topup&iccid=${esim.iccid}`;
const recipient = (language: Language) => ({
  brandName: 'Tern',
  to: 'maya@example.com',
  name: 'Maya',
  language,
});

/** What a reader sees of the HTML part: its text, without the tags and their attributes. */
function visibleText(html: string): string {
  return html.replace(/<title>.*?<\/title>/s, '').replace(/<[^>]+>/g, ' ');
}

/** No address as text, and a card no wider than the phone, whose long words break. */
function expectPhoneReadyHtml(mail: MailMessage): void {
  expect(visibleText(mail.html)).not.toMatch(/https?:\/\//);
  expect(mail.html).toContain(
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
  );
  expect(mail.html).toMatch(
    /<div style="[^"]*width:100%;max-width:600px[^"]*overflow-wrap:anywhere/,
  );
}

function expectButton(mail: MailMessage, label: string, href: string): void {
  const escaped = href.replaceAll('&', '&amp;');
  expect(mail.html).toContain(`<a href="${escaped}"`);
  expect(mail.html).toMatch(new RegExp(`>${label.replace(/[()+$]/g, '\\$&')}</a>`));
  // The plain-text part keeps the address: nothing else can be tapped there.
  expect(mail.text).toContain(href);
}

describe.each(languages)('every e-mail in %s', (language) => {
  const words = expected[language];

  it('sign-in code: fits a phone', () => {
    const mail = signInCodeMail({
      brandName: 'Tern',
      to: 'maya@example.com',
      code: '482913',
      validMinutes: 10,
      language,
    });
    expectPhoneReadyHtml(mail);
  });

  it('eSIM ready: install buttons, the plan and the price in the language', async () => {
    const mail = await esimReadyMail(recipient(language), order, esim);
    const { links } = installInstructions(esim);
    expectPhoneReadyHtml(mail);
    expectButton(
      mail,
      {
        en: 'Install on iPhone (iOS 17.4 or later)',
        fr: 'Installer sur iPhone (iOS 17.4 ou ultérieur)',
        ar: 'التثبيت على آيفون (iOS 17.4 أو أحدث)',
      }[language],
      links.ios,
    );
    expectButton(
      mail,
      { en: 'Install on Android', fr: 'Installer sur Android', ar: 'التثبيت على أندرويد' }[
        language
      ],
      links.android,
    );
    expect(mail.text).toContain(words.title);
    expect(mail.text).toContain(words.price);
    expect(mail.html).toContain(words.title);
  });

  it('top-up ready: the plan and the price in the language', () => {
    const mail = topupReadyMail(recipient(language), order, esim.iccid);
    expectPhoneReadyHtml(mail);
    expect(mail.text).toContain(words.title);
    expect(mail.text).toContain(words.price);
  });

  it.each(['used_80', 'used_up', 'expiring'] as const)(
    'usage alert %s: a labelled top-up button and the plan in the language',
    (kind) => {
      const mail = usageAlertMail(recipient(language), { kind, iccid: esim.iccid, plan, topupUrl });
      expectPhoneReadyHtml(mail);
      expectButton(mail, words.topUp, topupUrl);
      expect(mail.subject).toContain(`(${words.title})`);
      expect(mail.text).toContain(words.title);
    },
  );

  it.each([
    ['voided', 'undeliverable'],
    ['refunded', 'operator'],
  ] as const)('money back (%s, %s): the plan and the price in the language', (how, reason) => {
    const mail = paymentReturnedMail(recipient(language), order, how, reason);
    expectPhoneReadyHtml(mail);
    expect(mail.text).toContain(words.title);
    expect(mail.text).toContain(words.price);
  });

  it('self-service refund: the plan and the price in the language', () => {
    const mail = esimRefundedMail(recipient(language), esim.iccid, [
      { gatewayOrderId: 'T-100', plan, amountCents: 199, currency: 'USD', how: 'refunded' },
    ]);
    expectPhoneReadyHtml(mail);
    expect(mail.text).toContain(words.title);
    expect(mail.text).toContain(words.price);
  });

  it('an operator’s refund of a delivered eSIM: the order, the plan and the price in the language', () => {
    const refunded = [
      { gatewayOrderId: 'T-101', plan, amountCents: 199, currency: 'USD', how: 'refunded' },
    ] as const;
    const mail = esimRefundedMail(recipient(language), esim.iccid, refunded, 'operator');
    expectPhoneReadyHtml(mail);
    // The order's own refund words, not the buyer's "as you asked … never installed".
    expect(mail.subject).toContain('T-101');
    expect(mail.subject).not.toContain(esim.iccid);
    expect(mail.text).toContain(words.title);
    expect(mail.text).toContain(words.price);
  });
});

describe('the French and Arabic e-mails’ grammar', () => {
  it('writes “du forfait eSIM …”, never “de eSIM …” (which would need an elision)', () => {
    for (const kind of ['used_80', 'used_up', 'expiring'] as const) {
      const mail = usageAlertMail(recipient('fr'), { kind, iccid: esim.iccid, plan, topupUrl });
      expect(mail.text).toContain('forfait eSIM France');
      expect(mail.text).not.toMatch(/\bde eSIM/);
    }
  });

  it('says the money was released without a participle that assumes the reader’s gender', () => {
    const mail = paymentReturnedMail(recipient('fr'), order, 'voided', 'undeliverable');
    expect(mail.text).toContain('la somme de 1,99\u00a0$US réservée sur votre carte a été libérée');
    expect(mail.text).not.toContain('Vous n’avez pas été débité');
  });

  it('names the United States in Arabic with no “لـ” glued to its article', () => {
    const usa = { ...plan, destinationCode: 'US', destinationName: 'United States' };
    const mail = usageAlertMail(recipient('ar'), {
      kind: 'used_up',
      iccid: esim.iccid,
      plan: usa,
      topupUrl,
    });
    expect(mail.text).toContain('الولايات المتحدة');
    expect(mail.text).not.toContain('لـال');
  });
});

describe('the support e-mail', () => {
  it('fits a phone, even with a long address the visitor pasted', () => {
    const pasted = `https://example.com/${'a'.repeat(300)}`;
    const mail = supportMail({
      brandName: 'Tern',
      supportAddress: 'support@tern.example',
      contact: { email: 'visitor@example.com', body: `It fails here: ${pasted}` },
    });
    // What the visitor wrote is kept as written, and breaks instead of widening the card.
    expect(mail.text).toContain(pasted);
    expect(mail.html).toMatch(
      /<div style="[^"]*width:100%;max-width:600px[^"]*overflow-wrap:anywhere/,
    );
    expect(mail.html).toMatch(/<p style="[^"]*overflow-wrap:anywhere[^"]*">It fails here/);
  });
});
