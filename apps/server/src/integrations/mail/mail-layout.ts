/**
 * The branded frame of every e-mail the shop sends: a plain-text part and a simple HTML
 * part. Mail clients ignore stylesheets, so the HTML styles itself inline. The HTML names its
 * language, and an Arabic e-mail reads right to left. On a phone nothing is wider than the
 * screen: the card is at most 600 px and never wider than the window, and any long word (an
 * activation string, a code) breaks where it must. Links read as labelled buttons, never as
 * the raw address, which only the plain-text part (where nothing else is possible) shows.
 */
import { directionOf, type Language } from '@tern/contract';
import { escapeHtml } from '../../lib/escape-html';

/** A link the HTML shows as a labelled button. */
export interface MailButton {
  /** What the button says: "Top up this eSIM". */
  label: string;
  href: string;
  /** The line the plain-text part gives instead, with the address: "Top up: https://…". */
  text: string;
}

/** A paragraph of plain text, or a button. */
export type MailBlock = string | MailButton;

export interface MailContent {
  brandName: string;
  /** The reader's language; English when not given. */
  language?: Language;
  heading: string;
  /** Paragraphs of plain text (escaped for the HTML part) and buttons. */
  paragraphs: readonly MailBlock[];
  /** A short text shown large and bold, such as a sign-in code. */
  highlight?: string;
}

/** Long words break rather than widen the card: activation strings, addresses. */
const WRAP_ANYWHERE = 'overflow-wrap:anywhere;word-break:break-word';

export function mailText(content: MailContent): string {
  const blocks = content.paragraphs.map((block) =>
    typeof block === 'string' ? block : block.text,
  );
  const body = content.highlight ? [blocks[0], content.highlight, ...blocks.slice(1)] : blocks;
  return [content.heading, '', ...body.flatMap((part) => [part, '']), `— ${content.brandName}`]
    .join('\n')
    .trimEnd();
}

export function mailHtml(content: MailContent): string {
  const [first, ...rest] = content.paragraphs;
  const highlight = content.highlight
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;${WRAP_ANYWHERE}">${escapeHtml(content.highlight)}</p>`
    : '';
  const language = content.language ?? 'en';
  const direction = directionOf(language);
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${direction}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.heading)}</title></head>`,
    `<body dir="${direction}" style="margin:0;padding:16px 8px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2430;text-align:${direction === 'rtl' ? 'right' : 'left'}">`,
    `<div style="box-sizing:border-box;width:100%;max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px 16px;${WRAP_ANYWHERE}">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b6e79">${escapeHtml(content.brandName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>`,
    first === undefined ? '' : blockHtml(first),
    highlight,
    ...rest.map(blockHtml),
    '</div></body></html>',
  ].join('\n');
}

function blockHtml(block: MailBlock): string {
  if (typeof block !== 'string') return mailButtonHtml(block);
  return `<p style="margin:0 0 16px;white-space:pre-wrap;${WRAP_ANYWHERE}">${escapeHtml(block)}</p>`;
}

/** A link as a button: the label, in the shop's colours, as wide as the card on a small phone. */
function mailButtonHtml(button: Pick<MailButton, 'label' | 'href'>): string {
  return [
    '<p style="margin:0 0 16px;text-align:center">',
    `<a href="${escapeHtml(button.href)}" style="display:inline-block;max-width:100%;box-sizing:border-box;padding:12px 24px;background:#0b6e79;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;${WRAP_ANYWHERE}">${escapeHtml(button.label)}</a>`,
    '</p>',
  ].join('');
}

/** Puts a block of HTML (a button, a picture) at the end of the branded frame's card. */
export function withCardBlock(html: string, block: string): string {
  const end = '</div></body></html>';
  return html.endsWith(end) ? `${html.slice(0, -end.length)}${block}\n${end}` : `${html}${block}`;
}
