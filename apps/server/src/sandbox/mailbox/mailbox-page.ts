/**
 * The dev mailbox as a plain, accessible HTML page. It obeys the shop's strict CSP: no
 * inline script or style, only the small stylesheet served beside it. Long addresses and
 * activation strings break, so the page does not pan sideways on a phone.
 */
import { escapeHtml } from '../../lib/escape-html';
import type { MailboxRow } from './mailbox-repository';

export const MAILBOX_STYLESHEET = `
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem; color: #1b2430; }
h1 { font-size: 1.6rem; }
ol { list-style: none; padding: 0; }
article { border: 1px solid #c8d0d8; border-radius: 6px; margin: 0 0 1rem; padding: 0.75rem 1rem; }
h2 { font-size: 1.1rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1rem; margin: 0 0 0.75rem; }
dt { font-weight: bold; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f6f8; padding: 0.75rem; margin: 0; font-size: 0.95rem; }
`.trim();

/** Who reads this mailbox: the shop's own dev mailbox, or the SMTP catcher of `npm run sandboxes`. */
export interface MailboxWording {
  title: string;
  /** Says where the messages came from; the count follows it. */
  intro: string;
}

export const DEV_MAILBOX_WORDING: MailboxWording = {
  title: 'Dev mailbox',
  intro: 'Messages the shop would have sent, newest first',
};

export function renderMailboxPage(
  messages: readonly MailboxRow[],
  stylesheetHref: string,
  wording: MailboxWording = DEV_MAILBOX_WORDING,
): string {
  const items = messages.length
    ? `<ol>${messages.map(renderMessage).join('\n')}</ol>`
    : '<p>No messages yet.</p>';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(wording.title)}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(stylesheetHref)}">`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(wording.title)}</h1>`,
    `<p>${escapeHtml(wording.intro)} (${messages.length}).</p>`,
    items,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}

function renderMessage(message: MailboxRow): string {
  const headingId = `message-${message.id}`;
  const replyTo = message.replyTo ? `<dt>Reply to</dt><dd>${escapeHtml(message.replyTo)}</dd>` : '';
  return [
    `<li><article aria-labelledby="${headingId}">`,
    `<h2 id="${headingId}">${escapeHtml(message.subject)}</h2>`,
    '<dl>',
    `<dt>To</dt><dd>${escapeHtml(message.to)}</dd>`,
    replyTo,
    `<dt>Sent</dt><dd><time datetime="${message.sentAt.toISOString()}">${message.sentAt.toUTCString()}</time></dd>`,
    '</dl>',
    `<pre>${escapeHtml(message.text)}</pre>`,
    '</article></li>',
  ].join('\n');
}
