import { describe, expect, it } from 'vitest';
import { type MailContent, mailHtml, mailText } from './mail-layout';

const link = 'https://shop.example/#/plan-details?purchase_type=Topup&iccid=8944000000000000017';

const content: MailContent = {
  brandName: 'Tern',
  language: 'fr',
  heading: 'Vos données sont épuisées',
  paragraphs: [
    'Bonjour Maya.',
    { label: 'Recharger cette eSIM', href: link, text: `Recharger\u00a0: ${link}` },
  ],
};

/** What a reader sees of the HTML: its text, without tags or attributes. */
const visibleText = (html: string) =>
  html.replace(/<title>.*?<\/title>/s, '').replace(/<[^>]+>/g, '');

describe('the branded e-mail frame', () => {
  it('shows a link as a button with its label, never the address as text', () => {
    const html = mailHtml(content);
    expect(html).toMatch(
      new RegExp(
        `<a href="${link.replaceAll('?', '\\?').replaceAll('&', '&amp;')}"[^>]*>Recharger cette eSIM</a>`,
      ),
    );
    expect(visibleText(html)).not.toContain('https://');
  });

  it('gives the address in the plain-text part, where no button can be', () => {
    expect(mailText(content)).toContain(`Recharger\u00a0: ${link}`);
  });

  it('keeps the card within a phone’s width and breaks long words', () => {
    const html = mailHtml({ ...content, paragraphs: [`LPA:1$${'x'.repeat(200)}`] });
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<div style="[^"]*width:100%;max-width:600px/);
    expect(html).toMatch(/<p style="[^"]*overflow-wrap:anywhere[^"]*">LPA:1\$x+<\/p>/);
  });
});
