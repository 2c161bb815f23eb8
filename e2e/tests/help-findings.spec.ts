/**
 * Issue 26, points 9 and 18, on a phone and a laptop: the contact form speaks the traveller's
 * language (labels, placeholder, button, the rules' messages, success and failure) with each
 * sentence's "!" and "." at its end in Arabic too, English keeps the spec's words, and the
 * setup guide says how "Activate before your trip" and "keep the eSIM off until you arrive"
 * fit together.
 */
import type { Locator, Page } from '@playwright/test';
import { hrefTo, paths } from '@tern/contract';
import { expect, expectAccessible, test } from '../fixtures';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
];

type Language = 'en' | 'ar' | 'fr';

/** What the contact page says in each language (English: the spec's words, verbatim). */
const contactWords: Record<
  Language,
  {
    heading: string;
    intro: string;
    email: string;
    emailPlaceholder: string;
    message: string;
    messagePlaceholder: string;
    send: string;
    invalidEmail: string;
    emptyMessage: string;
    sent: string;
    failed: string;
    dismiss: string;
  }
> = {
  en: {
    heading: "We're Here to Help You",
    intro: "Our support team is available 24/7. Send us a message and we'll get back to you soon.",
    email: 'Your Email Address',
    emailPlaceholder: 'you@example.com',
    message: 'Your Message',
    messagePlaceholder: 'How can we help you today?',
    send: 'Send Message',
    invalidEmail: 'Please enter a valid email',
    emptyMessage: 'Please enter your message',
    sent: "Email sent successfully! We'll get back to you soon.",
    failed: 'Sending email failed. Please try again later or contact us directly.',
    dismiss: 'Dismiss',
  },
  ar: {
    heading: 'نحن هنا لمساعدتك',
    intro: 'فريق الدعم متاح على مدار الساعة طوال أيام الأسبوع. أرسل إلينا رسالة وسنردّ عليك قريباً.',
    email: 'عنوان بريدك الإلكتروني',
    emailPlaceholder: 'name@example.com',
    message: 'رسالتك',
    messagePlaceholder: 'كيف يمكننا مساعدتك اليوم؟',
    send: 'إرسال الرسالة',
    invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح',
    emptyMessage: 'يُرجى كتابة رسالتك',
    sent: 'أُرسل البريد الإلكتروني بنجاح! سنردّ عليك قريباً.',
    failed: 'تعذّر إرسال البريد الإلكتروني. يُرجى المحاولة مجددًا لاحقًا أو التواصل معنا مباشرةً.',
    dismiss: 'إغلاق',
  },
  fr: {
    heading: 'Nous sommes là pour vous aider',
    intro:
      'Notre équipe support est disponible 24 h/24, 7 j/7. Envoyez-nous un message et nous vous répondrons rapidement.',
    email: 'Votre adresse e-mail',
    emailPlaceholder: 'vous@example.com',
    message: 'Votre message',
    messagePlaceholder: 'Comment pouvons-nous vous aider aujourd’hui\u00a0?',
    send: 'Envoyer le message',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide',
    emptyMessage: 'Veuillez saisir votre message',
    sent: 'L’e-mail a bien été envoyé\u00a0! Nous vous répondrons rapidement.',
    failed:
      'L’envoi de l’e-mail a échoué. Veuillez réessayer plus tard ou nous écrire directement.',
    dismiss: 'Fermer',
  },
};

/** The setup guide's note on when to install and when to switch on, in each language. */
const guideNote: Record<Language, { heading: string; steps: string[] }> = {
  en: {
    heading: 'Install before you travel, switch on when you arrive',
    steps: [
      'Install the eSIM before you travel, at home on Wi-Fi: this is what “Activate before your trip” on the plan pages means.',
      'Keep its line off, with data roaming off, until you arrive, as the steps below show.',
      'When you arrive, turn the eSIM line and its data roaming on.',
      'Your plan’s days start only when the eSIM first connects to a network in a country the plan covers, not when you install it.',
    ],
  },
  ar: {
    heading: 'ثبّت الشريحة قبل السفر وشغّلها عند الوصول',
    steps: [
      'ثبّت الشريحة قبل سفرك، في المنزل عبر شبكة Wi-Fi: هذا هو المقصود بعبارة «فعّلها قبل سفرك» في صفحات الباقات.',
      'أبقِ خطّها مطفأً وتجوال البيانات متوقفاً حتى تصل، كما تُظهر الخطوات أدناه.',
      'عند وصولك، شغّل خط الشريحة وتجوال البيانات فيه.',
      'لا تبدأ أيام باقتك إلا عندما تتصل الشريحة أول مرة بشبكة في بلد تغطيه الباقة، لا عند تثبيتها.',
    ],
  },
  fr: {
    heading: 'Installez avant de partir, activez à l’arrivée',
    steps: [
      'Installez l’eSIM avant de partir, chez vous en Wi-Fi\u00a0: c’est ce que veut dire «\u00a0Activez-le avant de partir\u00a0» sur les pages des forfaits.',
      'Laissez sa ligne désactivée, et l’itinérance des données aussi, jusqu’à votre arrivée, comme le montrent les étapes ci-dessous.',
      'À votre arrivée, activez la ligne de l’eSIM et son itinérance des données.',
      'Les jours de votre forfait ne commencent que lorsque l’eSIM se connecte pour la première fois à un réseau d’un pays couvert par le forfait, pas lorsque vous l’installez.',
    ],
  },
};

/** Opens a page as a traveller whose remembered language is the given one. */
async function openIn(page: Page, language: Language, path: string): Promise<void> {
  await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  await page.goto(`/${path}`);
}

/**
 * Where each "!", "." and "؟" of a paragraph is drawn against the letter it closes: the
 * gap in pixels between them, in reading order. 0 means the mark touches the letter on the
 * side the line reads towards (its end); a mark flipped to the other side of its sentence,
 * as English punctuation does in a right-to-left line, is far away or on the wrong side.
 */
async function punctuationGaps(paragraph: Locator): Promise<string[]> {
  return paragraph.evaluate((element) => {
    const text = element.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return ['no text'];
    const content = text.textContent ?? '';
    const rtl = getComputedStyle(element).direction === 'rtl';
    const rect = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect();
    };
    const gaps: string[] = [];
    for (let index = 1; index < content.length; index++) {
      const mark = content[index] ?? '';
      if (!'!.?؟'.includes(mark)) continue;
      // The letter before, with its marks (Arabic vowel signs are drawn on the letter).
      let letter = index - 1;
      while (letter > 0 && /[\p{M}\u00a0]/u.test(content[letter] ?? '')) letter--;
      const markBox = rect(index, index + 1);
      const letterBox = rect(letter, index);
      const gap = rtl ? letterBox.left - markBox.right : markBox.left - letterBox.right;
      gaps.push(
        `${mark} ${Math.round(gap) <= 0 && gap > -2 ? 'ends its sentence' : `is ${Math.round(gap)} px away`}`,
      );
    }
    return gaps;
  });
}

/** Types into the form as a traveller does, and leaves each field. */
async function fillContact(page: Page, language: Language, email: string, body: string) {
  const words = contactWords[language];
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.email).press('Tab');
  await page.getByLabel(words.message).fill(body);
  await page.getByLabel(words.message).press('Tab');
}

/** The contact page's words, the rules' messages, a sent message and a failed one. */
async function checkContactPage(page: Page, language: Language, direction: 'ltr' | 'rtl') {
  const words = contactWords[language];
  await openIn(page, language, hrefTo(paths.contactUs));
  await expect(page.locator('html')).toHaveAttribute('dir', direction);
  await expect(page.getByRole('heading', { level: 1, name: words.heading })).toBeVisible();
  await expect(page.getByText(words.intro, { exact: true })).toBeVisible();
  const form = page.getByRole('form');
  const email = form.getByLabel(words.email);
  const message = form.getByLabel(words.message);
  const send = form.getByRole('button', { name: words.send, exact: true });
  await expect(email).toHaveAttribute('placeholder', words.emailPlaceholder);
  await expect(message).toHaveAttribute('placeholder', words.messagePlaceholder);
  await expect(send).toBeDisabled();
  // Nothing else is written on the form: no English left beside the traveller's language.
  expect(await form.innerText()).toBe([words.email, words.message, words.send].join('\n'));

  await fillContact(page, language, 'rana@example', '   ');
  await expect(email).toHaveAccessibleDescription(words.invalidEmail);
  await expect(message).toHaveAccessibleDescription(words.emptyMessage);
  await expectAccessible(page);

  await fillContact(page, language, `rana.${language}@example.com`, 'Où est mon code QR ?');
  await send.click();
  const sent = page.getByRole('status').filter({ hasText: words.sent });
  await expect(sent).toBeFocused();
  await expect(sent.getByText(words.sent, { exact: true })).toHaveCSS('direction', direction);
  expect(await punctuationGaps(sent.getByText(words.sent, { exact: true }))).toEqual([
    '! ends its sentence',
    '. ends its sentence',
  ]);
  await expectAccessible(page);
  await sent.getByRole('button', { name: words.dismiss, exact: true }).click();
  await expect(sent).toBeHidden();

  await page.route('**/api/email/support', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Something bad happened; please try again later.' }),
    }),
  );
  await fillContact(page, language, `rana.${language}@example.com`, 'Où est mon code QR ?');
  await send.click();
  const failed = page.getByRole('alert').filter({ hasText: words.failed });
  await expect(failed).toBeFocused();
  await expect(message).toHaveValue('Où est mon code QR ?');
  expect(await punctuationGaps(failed.getByText(words.failed, { exact: true }))).toEqual([
    '. ends its sentence',
    '. ends its sentence',
  ]);
  await expect(failed.getByRole('button', { name: words.dismiss, exact: true })).toBeVisible();
  await expectAccessible(page);
}

for (const viewport of viewports) {
  test.describe(`issue 26 help findings on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the contact form reads in Arabic, right to left, each sentence closed at its end', async ({
      page,
    }) => {
      await checkContactPage(page, 'ar', 'rtl');
    });

    test('the contact form reads in French', async ({ page }) => {
      await checkContactPage(page, 'fr', 'ltr');
    });

    test('the contact form keeps the spec’s English words', async ({ page }) => {
      await checkContactPage(page, 'en', 'ltr');
    });

    for (const language of ['en', 'ar', 'fr'] as const) {
      test(`the setup guide explains "Activate before your trip" against "keep the eSIM off until you arrive" (${language})`, async ({
        page,
      }) => {
        const note = guideNote[language];
        await openIn(page, language, hrefTo(paths.userGuide));
        const section = page.getByRole('region', { name: note.heading });
        await expect(section).toBeVisible();
        await expect(section.getByRole('listitem')).toHaveText(note.steps);
        // The note comes before the steps, which still keep the eSIM off until arrival.
        await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(
          note.heading,
        );
        await expectAccessible(page);
      });
    }
  });
}
