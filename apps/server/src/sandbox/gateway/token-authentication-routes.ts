/**
 * The stand-in for the card issuer's 3-D Secure challenge of a token payment
 * (token-authentication.ts): the redirect html Authenticate Payer answered brings the payer's
 * browser here; the payer picks the bank's answer, as on MPGS's 3DS emulator, on the hosted
 * page's own challenge page (pay-page.ts); then the browser is sent on to the merchant's
 * redirectResponseUrl with a form POST of order.id, transaction.id, result and
 * response.gatewayRecommendation
 * (https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/authentication/3d-secure-auth/3ds-payer-auth-api/).
 * The merchant learns the outcome for sure only from Retrieve Transaction.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { escapeHtml } from '../../lib/escape-html';
import { PAY_STYLESHEET_PATH } from './paths';
import { challengePage, noticePage } from './pay-page';
import { allowFormToReach } from './pay-routes';
import {
  AUTO_SUBMIT_SCRIPT_PATH,
  type ChallengeState,
  challengePath,
  challengeState,
  completeChallenge,
  redirectResponseFields,
} from './token-authentication';

const FORM_BODY_LIMIT = 16 * 1024;

const paramsSchema = z.object({
  merchantId: z.string().min(1).max(40),
  orderId: z.string().min(1).max(40),
  transactionId: z.string().min(1).max(40),
});

// The drop-down's answer; a form without one passes, as on the hosted page's challenge.
const answerSchema = z.object({ transactionStatus: z.enum(['Y', 'N']).catch('Y') });

/** Submits every form marked data-auto-submit: the gateway's way of moving the browser on. */
const AUTO_SUBMIT_SCRIPT =
  "document.querySelectorAll('form[data-auto-submit]').forEach(function (form) { form.submit(); });\n";

export const tokenAuthenticationRoutes: FastifyPluginAsync<{ clock: Clock }> = async (
  pages,
  { clock },
) => {
  pages.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const db = pages.database.db;

  pages.get('/assets/auto-submit.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(AUTO_SUBMIT_SCRIPT),
  );

  // The redirect html's form POSTs here; a GET (a reload) shows the same challenge.
  const showChallenge = async (params: unknown, reply: FastifyReply) => {
    const { merchantId, orderId, transactionId } = paramsSchema.parse(params);
    const state = await challengeState(db, { merchantId, orderId }, transactionId);
    return showState(reply, state);
  };
  pages.get(
    '/authentication/:merchantId/:orderId/:transactionId',
    { schema: { hide: true } },
    (request, reply) => showChallenge(request.params, reply),
  );
  pages.post(
    '/authentication/:merchantId/:orderId/:transactionId',
    { schema: { hide: true } },
    (request, reply) => showChallenge(request.params, reply),
  );

  pages.post(
    '/authentication/:merchantId/:orderId/:transactionId/complete',
    { schema: { hide: true } },
    async (request, reply) => {
      const { merchantId, orderId, transactionId } = paramsSchema.parse(request.params);
      const { transactionStatus } = answerSchema.parse(request.body ?? {});
      const key = { merchantId, orderId };
      return showState(
        reply,
        await completeChallenge(db, key, transactionId, transactionStatus, clock()),
      );
    },
  );
};

function showState(reply: FastifyReply, state: ChallengeState) {
  switch (state.kind) {
    case 'not-found':
      return sendHtml(
        reply,
        404,
        noticePage({
          title: 'Authentication not found',
          heading: 'Authentication not found',
          message: 'This bank check is not valid. Return to the shop and try again.',
          tone: 'error',
        }),
      );
    case 'pending': {
      const { order, authentication } = state;
      const key = { merchantId: order.merchantId, orderId: order.orderId };
      return sendHtml(
        reply,
        200,
        challengePage({
          session: {
            amountMinor: order.amountMinor,
            currency: order.currency,
            merchantName: order.merchantId,
          },
          action: `${challengePath(key, authentication.transactionId)}/complete`,
        }),
      );
    }
    case 'decided': {
      // The form's POST goes to the merchant, which may be on another origin.
      const url = state.authentication.redirectResponseUrl ?? '';
      allowFormToReach(reply, [url]);
      return sendHtml(reply, 200, returnPage(url, redirectResponseFields(state.authentication)));
    }
  }
}

/** Back to the merchant: a form POST, sent at once by the gateway's script, or by the button. */
function returnPage(url: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Returning to the shop – Secure payment</title>
<link rel="stylesheet" href="${PAY_STYLESHEET_PATH}">
</head>
<body>
<main class="page">
<div class="panel">
<h1>Returning to the shop</h1>
<form method="post" action="${escapeHtml(url)}" data-auto-submit>${inputs}
<button class="button button-primary" type="submit">Continue</button>
</form>
</div>
</main>
<script src="${AUTO_SUBMIT_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
