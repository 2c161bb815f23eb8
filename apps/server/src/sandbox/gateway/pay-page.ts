/**
 * The hosted payment page as server-rendered HTML: no scripts and no inline styles, so it
 * works under the shop's strict CSP, and plain form semantics for assistive technology
 * (labels, hints and errors tied by aria-describedby, an error summary announced as an alert).
 */

import { escapeHtml } from '../../lib/escape-html';
import type { CardField, FieldProblem } from './cards';
import { displayAmount } from './money';
import { PAY_STYLESHEET_PATH } from './paths';
import type { SessionRow } from './repository';
import { testWallets, type WalletProvider } from './test-wallets';

export interface PayFormView {
  session: SessionRow;
  /** Where the form posts: this page's own address. */
  action: string;
  /** What the payer typed and may see again; never the card number or the CVC. */
  values: { expiry: string; nameOnCard: string };
  problems: FieldProblem[];
  /** The merchant profile's wallets and where their buttons post; undefined: none offered. */
  wallets?: { action: string; offered: readonly WalletProvider[] } | undefined;
}

export interface NoticeView {
  title: string;
  heading: string;
  message: string;
  tone: 'success' | 'warning' | 'error';
  link?: { href: string; text: string };
}

interface FieldSpec {
  name: CardField;
  id: string;
  label: string;
  hint?: string;
  autocomplete: string;
  numeric: boolean;
  maxLength: number;
}

const fields: Record<CardField, FieldSpec> = {
  cardNumber: {
    name: 'cardNumber',
    id: 'card-number',
    label: 'Card number',
    autocomplete: 'cc-number',
    numeric: true,
    maxLength: 23,
  },
  expiry: {
    name: 'expiry',
    id: 'expiry',
    label: 'Expiry (MM/YY)',
    hint: 'For example 04/29',
    autocomplete: 'cc-exp',
    numeric: true,
    maxLength: 7,
  },
  cvc: {
    name: 'cvc',
    id: 'cvc',
    label: 'CVC',
    hint: '3 digits on the back',
    autocomplete: 'cc-csc',
    numeric: true,
    maxLength: 4,
  },
  nameOnCard: {
    name: 'nameOnCard',
    id: 'name-on-card',
    label: 'Name on card',
    autocomplete: 'cc-name',
    numeric: false,
    maxLength: 100,
  },
};

export function payFormPage(view: PayFormView): string {
  const { session, problems } = view;
  const merchant = escapeHtml(session.merchantName);
  const amount = escapeHtml(displayAmount(session.amountMinor, session.currency));
  const title = `${problems.length > 0 ? 'Error: ' : ''}Pay ${session.merchantName} – Secure payment`;
  const main = `<div class="panel">
  <section class="summary" aria-labelledby="page-heading">
    <div class="merchant-row">
      <span class="avatar" aria-hidden="true">${escapeHtml(initial(session.merchantName))}</span>
      <div>
        <h1 id="page-heading">Pay ${merchant}</h1>
        <p class="muted">Order ${escapeHtml(session.orderId)}</p>
      </div>
    </div>
    <dl class="lines">
      <div class="line"><dt>Item</dt><dd>${escapeHtml(session.description)}</dd></div>
      <div class="line line-total"><dt>Total</dt><dd>${amount}</dd></div>
    </dl>
  </section>
  ${errorSummary(problems)}
  ${view.wallets ? walletButtons(view.wallets) : ''}
  <form class="card-form" method="post" action="${escapeHtml(view.action)}" novalidate>
    <h2 class="form-heading">Card details</h2>
    ${field(fields.cardNumber, view)}
    <div class="field-row">
      ${field(fields.expiry, view)}
      ${field(fields.cvc, view)}
    </div>
    ${field(fields.nameOnCard, view)}
    <div class="actions">
      <button class="button button-primary" type="submit" name="action" value="pay">Pay</button>
      <button class="button button-secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    </div>
    <p class="reassurance">${icons.lock}<span>You pay <strong>${amount}</strong> to ${merchant}. Your card details go to the payment gateway only.</span></p>
  </form>
</div>
${testCardsNote()}`;
  return layout(title, main);
}

export interface ChallengeView {
  /** What the payer is asked to approve: a hosted page's session, or a token payment's order. */
  session: Pick<SessionRow, 'amountMinor' | 'currency' | 'merchantName'>;
  /** Where "Complete authentication" posts: the issuer's challenge, below the hosted page. */
  action: string;
}

/**
 * The card issuer's 3-D Secure challenge, as the payer meets it between the card form and
 * the authorisation (in real life a one-time code or a banking app; here the bank's answer is
 * picked from a list, as on MPGS's 3DS emulator, and sent with one button).
 */
export function challengePage(view: ChallengeView): string {
  const { session } = view;
  const amount = escapeHtml(displayAmount(session.amountMinor, session.currency));
  const main = `<div class="panel">
  <section class="summary" aria-labelledby="page-heading">
    <h1 id="page-heading">Confirm it is you</h1>
    <p>Your bank asks you to approve this payment of <strong>${amount}</strong> to ${escapeHtml(session.merchantName)} (3-D Secure).</p>
  </section>
  <form class="card-form" method="post" action="${escapeHtml(view.action)}">
    <div class="field">
      <label class="label" for="transaction-status">Your bank's answer</label>
      <p class="hint" id="transaction-status-hint">The sandbox lets you choose how the check ends.</p>
      <select class="input" id="transaction-status" name="transactionStatus" aria-describedby="transaction-status-hint">
        <option value="Y" selected>Authenticated</option>
        <option value="N">Not authenticated</option>
      </select>
    </div>
    <div class="actions">
      <button class="button button-primary" type="submit" name="action" value="authenticate">Complete authentication</button>
    </div>
    <p class="reassurance">${icons.lock}<span>This is the sandbox's stand-in for your bank's check: no code is needed.</span></p>
  </form>
</div>`;
  return layout('Confirm it is you – Secure payment', main);
}

export function noticePage(view: NoticeView): string {
  const link = view.link
    ? `<p><a class="button button-primary" href="${escapeHtml(view.link.href)}">${escapeHtml(view.link.text)}</a></p>`
    : '';
  const main = `<div class="panel notice notice-${view.tone}">
  <span class="notice-icon" aria-hidden="true">${icons[view.tone]}</span>
  <h1>${escapeHtml(view.heading)}</h1>
  <p>${escapeHtml(view.message)}</p>
  ${link}
</div>`;
  return layout(view.title, main);
}

function field(spec: FieldSpec, view: PayFormView): string {
  const problem = view.problems.find((found) => found.field === spec.name);
  const hintId = spec.hint ? `${spec.id}-hint` : undefined;
  const errorId = problem ? `${spec.id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  // After a refused attempt only the expiry and the name come back; the card number and CVC never do.
  const value = spec.name === 'expiry' || spec.name === 'nameOnCard' ? view.values[spec.name] : '';
  const attributes = [
    `id="${spec.id}"`,
    `name="${spec.name}"`,
    'type="text"',
    'class="input"',
    `autocomplete="${spec.autocomplete}"`,
    spec.numeric ? 'inputmode="numeric"' : '',
    `maxlength="${spec.maxLength}"`,
    'spellcheck="false"',
    'required',
    value ? `value="${escapeHtml(value)}"` : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    problem ? 'aria-invalid="true"' : '',
  ].filter(Boolean);
  return `<div class="field${problem ? ' field-invalid' : ''}">
      <label class="label" for="${spec.id}">${spec.label}</label>
      ${hintId ? `<p class="hint" id="${hintId}">${escapeHtml(spec.hint ?? '')}</p>` : ''}
      ${problem ? `<p class="field-error" id="${errorId}"><span class="visually-hidden">Error: </span>${escapeHtml(problem.message)}</p>` : ''}
      <input ${attributes.join(' ')}>
    </div>`;
}

/**
 * One real submit button per wallet, in a form of its own above the card form, as Hosted
 * Checkout shows the wallets the merchant profile enables beside the card
 * (https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-apple-pay-in-hosted-checkout/,
 * https://developer.mastercard.com/mastercard-gateway/documentation/build/hosted-checkout/integrate-google-pay-in-hosted-checkout/).
 * Each button's name starts "Pay with" and holds the visible wallet name; the hint names the test
 * card it pays with. Logical properties in pay.css keep the row right in a right-to-left page.
 */
function walletButtons(wallets: { action: string; offered: readonly WalletProvider[] }): string {
  const buttons = wallets.offered
    .map((wallet) => {
      const held = testWallets[wallet];
      const id = `wallet-${wallet.toLowerCase().replace('_', '-')}`;
      return `<button class="button wallet-button ${id}" type="submit" name="wallet" value="${wallet}" aria-describedby="${id}-hint"><span class="visually-hidden">Pay with </span>${escapeHtml(held.name)}</button>
      <p class="hint wallet-hint" id="${id}-hint">Test wallet: ${cardName(held.brand)} ending ${held.last4}</p>`;
    })
    .join('\n      ');
  return `<section class="wallets" aria-labelledby="wallets-heading">
    <h2 class="form-heading" id="wallets-heading">Express checkout</h2>
    <form class="wallet-form" method="post" action="${escapeHtml(wallets.action)}">
      ${buttons}
    </form>
    <p class="divider"><span>or pay by card</span></p>
  </section>`;
}

function cardName(brand: string): string {
  return brand === 'MASTERCARD' ? 'Mastercard' : brand === 'VISA' ? 'Visa' : brand;
}

function errorSummary(problems: FieldProblem[]): string {
  if (problems.length === 0) return '';
  const items = problems
    .map(
      (found) => `<li><a href="#${fields[found.field].id}">${escapeHtml(found.message)}</a></li>`,
    )
    .join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
    <h2 class="error-summary-title" id="error-summary-title">There is a problem</h2>
    <ul>${items}</ul>
  </div>`;
}

function testCardsNote(): string {
  return `<aside class="test-cards" aria-labelledby="test-cards-heading">
  <h2 id="test-cards-heading">Test cards</h2>
  <p>This is the shop's sandbox gateway: no real money moves. Use any future expiry date and any 3-digit CVC.</p>
  <ul>
    <li><code>5123 4500 0000 0008</code> or <code>4242 4242 4242 4242</code>: approved</li>
    <li><code>4000 0000 0000 0002</code>: declined</li>
    <li><code>5123 4567 8901 2346</code>: a 3-D Secure challenge first, passed or failed as you choose</li>
  </ul>
</aside>`;
}

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PAY_STYLESHEET_PATH}">
</head>
<body>
<header class="topbar">
  <div class="topbar-inner">
    <span class="secure">${icons.lock} Secure payment</span>
    <span class="badge">Sandbox</span>
  </div>
</header>
<main class="page">
${main}
</main>
</body>
</html>
`;
}

function initial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

// Decorative icons are inline SVG with presentation attributes only: nothing the CSP blocks.
const svg = (path: string) =>
  `<svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="${path}"/></svg>`;

const icons = {
  lock: svg(
    'M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z',
  ),
  success: svg('M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z'),
  warning: svg('M12 2 1 21h22L12 2Zm1 15h-2v2h2v-2Zm0-7h-2v5h2v-5Z'),
  error: svg('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z'),
} as const;
