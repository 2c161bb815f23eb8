/**
 * The branded frame of every e-mail the shop sends: a plain-text part and a simple HTML
 * part. Mail clients ignore stylesheets, so the HTML styles itself inline. The HTML names its
 * language, and an Arabic e-mail reads right to left.
 */
import { directionOf, type Language } from '@tern/contract';

export interface MailContent {
  brandName: string;
  /** The reader's language; English when not given. */
  language?: Language;
  heading: string;
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: readonly string[];
  /** A short text shown large and bold, such as a sign-in code. */
  highlight?: string;
}

export function mailText(content: MailContent): string {
  const body = content.highlight
    ? [content.paragraphs[0], content.highlight, ...content.paragraphs.slice(1)]
    : content.paragraphs;
  return [content.heading, '', ...body.flatMap((part) => [part, '']), `— ${content.brandName}`]
    .join('\n')
    .trimEnd();
}

export function mailHtml(content: MailContent): string {
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(text)}</p>`;
  const [first, ...rest] = content.paragraphs;
  const highlight = content.highlight
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px">${escapeHtml(content.highlight)}</p>`
    : '';
  const language = content.language ?? 'en';
  const direction = directionOf(language);
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${direction}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(content.heading)}</title></head>`,
    `<body dir="${direction}" style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2430;text-align:${direction === 'rtl' ? 'right' : 'left'}">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b6e79">${escapeHtml(content.brandName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>`,
    first === undefined ? '' : paragraph(first),
    highlight,
    ...rest.map(paragraph),
    '</div></body></html>',
  ].join('\n');
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Puts a block of HTML (a button, a picture) at the end of the branded frame's card. */
export function withCardBlock(html: string, block: string): string {
  const end = '</div></body></html>';
  return html.endsWith(end) ? `${html.slice(0, -end.length)}${block}\n${end}` : `${html}${block}`;
}
