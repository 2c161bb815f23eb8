/**
 * What browsers see of the gateway's hosted payment page (checkout.min.js and what it loads
 * are in checkout-library-routes.ts). GET shows the session's order and a card form, POST
 * checks the card and pays, then sends the payer back to the shop with a 303, as the real
 * gateway does. A 3-D Secure card meets the issuer's challenge first; passing it
 * authenticates the order, and a 307 (which repeats the POST) goes on to authorise it; failing
 * it leaves the order AUTHENTICATION_UNSUCCESSFUL and the payer on the card form to try again.
 * The wallets the merchant profile offers (config.gateway.wallets) show as test-wallet buttons
 * above the card form; one pays at once with the wallet's test card. Card
 * details live only in the card form's request; the gateway's rows keep the brand and last 4
 * digits.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { gatewayWalletProviders } from '../../db/schema/gateway-sandbox';
import type { Clock } from '../../lib/clock';
import { type CardForm, cardMessages, checkCard, type FieldProblem } from './cards';
import {
  authorizeAuthenticated,
  challengeResults,
  completeAuthentication,
  type PaymentOutcome,
  payWithCard,
  payWithWallet,
  returnLink,
  type SessionState,
  sessionState,
} from './checkout-service';
import type { MerchantNotifier } from './notifications';
import { GATEWAY_SANDBOX_PATH, hostedPagePath } from './paths';
import { challengePage, noticePage, payFormPage } from './pay-page';
import type { SessionRow } from './repository';
import type { WalletProvider } from './test-wallets';

const stylesheet = readFileSync(path.join(import.meta.dirname, 'pay.css'), 'utf8');
const FORM_BODY_LIMIT = 16 * 1024;

const paramsSchema = z.object({ sessionId: z.string().min(1).max(64) });

// Browsers send every field as a string; anything missing counts as empty.
const payFormSchema = z.object({
  action: z.enum(['pay', 'cancel']).catch('pay'),
  cardNumber: z.string().catch(''),
  expiry: z.string().catch(''),
  cvc: z.string().catch(''),
  nameOnCard: z.string().catch(''),
});

// The challenge's result as its drop-down sends it; a form without one passes, as before.
const challengeFormSchema = z.object({
  transactionStatus: z.enum(challengeResults).catch('Y'),
});

export interface PayRoutesOptions {
  clock: Clock;
  notifier: MerchantNotifier;
  /** The wallets the merchant profile offers on the page, in the order shown. */
  wallets: readonly WalletProvider[];
}

export const payRoutes: FastifyPluginAsync<PayRoutesOptions> = async (
  pages,
  { clock, notifier, wallets },
) => {
  // Only a wallet the merchant profile offers may pay; anything else is a bad request.
  const walletFormSchema = z.object({
    wallet: z.enum(gatewayWalletProviders).refine((wallet) => wallets.includes(wallet)),
  });
  // A payment approved or declined, or an authentication failed, on the page is a
  // transaction the merchant is told about.
  const tell = (outcome: PaymentOutcome): PaymentOutcome => {
    if (TOLD_OUTCOMES.has(outcome.kind) && 'session' in outcome) {
      notifier.orderChanged(outcome.session);
    }
    return outcome;
  };
  pages.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  pages.setErrorHandler(pageErrorHandler);
  const db = pages.database.db;

  pages.get('/assets/pay.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(stylesheet),
  );

  pages.get('/pay/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = paramsSchema.parse(request.params);
    return showState(reply, await sessionState(db, sessionId, clock()), 'get', undefined, wallets);
  });

  pages.post('/pay/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = paramsSchema.parse(request.params);
    const form = payFormSchema.parse(request.body ?? {});
    const now = clock();
    const state = await sessionState(db, sessionId, now);
    if (form.action === 'cancel' && 'session' in state) {
      return reply.redirect(
        state.kind === 'paid' ? returnLink(state.session) : state.session.cancelUrl,
        303,
      );
    }
    if (state.kind !== 'open') return showState(reply, state, 'post', undefined, wallets);
    const checked = checkCard(form, now);
    if (!checked.ok) return showForm(reply, 422, state.session, form, checked.problems, wallets);
    return showState(
      reply,
      tell(await payWithCard(db, sessionId, checked.card, now)),
      'post',
      form,
      wallets,
    );
  });

  pages.post('/pay/:sessionId/wallet', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = paramsSchema.parse(request.params);
    const { wallet } = walletFormSchema.parse(request.body ?? {});
    const outcome = await payWithWallet(db, sessionId, wallet, clock());
    return showState(reply, tell(outcome), 'post', undefined, wallets);
  });

  pages.post('/pay/:sessionId/authenticate', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = paramsSchema.parse(request.params);
    const { transactionStatus } = challengeFormSchema.parse(request.body ?? {});
    const outcome = await completeAuthentication(db, sessionId, transactionStatus, clock());
    return showState(reply, tell(outcome), 'post', undefined, wallets);
  });

  pages.post('/pay/:sessionId/authorize', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = paramsSchema.parse(request.params);
    const outcome = await authorizeAuthenticated(db, sessionId, clock());
    return showState(reply, tell(outcome), 'post', undefined, wallets);
  });
};

const TOLD_OUTCOMES: ReadonlySet<PaymentOutcome['kind']> = new Set([
  'paid',
  'declined',
  'authentication-failed',
]);

const pageAddress = (session: SessionRow, step = '') =>
  `${GATEWAY_SANDBOX_PATH}${hostedPagePath(session.id)}${step}`;

/** The page for a session's state; after a POST, an approved payment returns to the shop. */
function showState(
  reply: FastifyReply,
  state: PaymentOutcome,
  method: 'get' | 'post' = 'get',
  form?: CardForm,
  wallets: readonly WalletProvider[] = [],
) {
  switch (state.kind) {
    case 'open':
      return showForm(reply, 200, state.session, form, [], wallets);
    case 'declined':
      return showForm(
        reply,
        402,
        state.session,
        form,
        [{ field: 'cardNumber', message: cardMessages.declined }],
        wallets,
      );
    case 'authentication-failed':
      // The payer stays on the hosted page and may try again, with this card or another.
      return showForm(
        reply,
        402,
        state.session,
        form,
        [{ field: 'cardNumber', message: cardMessages.authenticationFailed }],
        wallets,
      );
    case 'challenge':
      // Completing the challenge ends in a redirect back to the shop, which may be elsewhere.
      allowFormToReach(reply, [state.session.returnUrl, state.session.cancelUrl]);
      return sendHtml(
        reply,
        200,
        challengePage({
          session: state.session,
          action: pageAddress(state.session, '/authenticate'),
        }),
      );
    case 'authenticated':
      // 307 repeats the POST: authorising is a step of its own, as at the real gateway.
      return reply.redirect(pageAddress(state.session, '/authorize'), 307);
    case 'paid':
      // A second click on Pay lands where the first did.
      if (method === 'post') return reply.redirect(returnLink(state.session), 303);
      return showNotice(reply, 200, paidNotice(state));
    case 'paid-elsewhere':
      return showNotice(reply, method === 'post' ? 409 : 200, paidNotice(state));
    case 'expired':
      return showNotice(reply, 410, {
        title: 'Payment session expired',
        heading: 'Payment session expired',
        message: 'This payment session has expired. Return to the shop and try again.',
        tone: 'warning',
        link: { href: state.session.cancelUrl, text: `Return to ${state.session.merchantName}` },
      });
    case 'not-found':
      return showNotice(reply, 404, {
        title: 'Payment session not found',
        heading: 'Payment session not found',
        message: 'This payment link is not valid. Return to the shop and try again.',
        tone: 'error',
      });
  }
}

function paidNotice(state: Extract<SessionState, { kind: 'paid' | 'paid-elsewhere' }>) {
  const { session } = state;
  const here = state.kind === 'paid';
  return {
    title: 'Payment complete',
    heading: here ? 'Payment complete' : 'Order already paid',
    message: here
      ? 'Your payment was received. There is nothing more to pay here.'
      : 'This order was already paid in another payment session. You have not been charged again.',
    tone: 'success' as const,
    link: {
      href: here ? returnLink(session) : session.returnUrl,
      text: `Return to ${session.merchantName}`,
    },
  };
}

function showForm(
  reply: FastifyReply,
  status: number,
  session: SessionRow,
  form: CardForm | undefined,
  problems: FieldProblem[],
  wallets: readonly WalletProvider[],
) {
  const html = payFormPage({
    session,
    action: pageAddress(session),
    wallets:
      wallets.length > 0
        ? { action: pageAddress(session, '/wallet'), offered: wallets }
        : undefined,
    values: { expiry: form?.expiry ?? '', nameOnCard: form?.nameOnCard ?? '' },
    problems,
  });
  allowFormToReach(reply, [session.returnUrl, session.cancelUrl]);
  return sendHtml(reply, status, html);
}

function showNotice(reply: FastifyReply, status: number, view: Parameters<typeof noticePage>[0]) {
  return sendHtml(reply, status, noticePage(view));
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  // Payment pages hold a live session: never cache them anywhere.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The CSP's form-action also governs where a form's POST may redirect, so the shop's return
 * and cancel addresses are added to it when they are on another origin than this page.
 */
export function allowFormToReach(reply: FastifyReply, urls: string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const origins = [...new Set(urls.map((url) => new URL(url).origin))].join(' ');
  reply.header(
    'content-security-policy',
    policy.replace(/form-action ([^;]*)/, (directive) => `${directive} ${origins}`),
  );
}

function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? (error instanceof z.ZodError ? 400 : 500);
  if (status >= 500) request.log.error({ err: error }, 'gateway sandbox page failed');
  return showNotice(reply, status, {
    title: 'Payment not possible',
    heading: 'Something went wrong',
    message: 'The payment page could not handle this request. Return to the shop and try again.',
    tone: 'error',
  });
}
