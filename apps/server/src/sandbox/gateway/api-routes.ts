/**
 * The MPGS REST endpoints under /_sandbox/gateway/api/rest/version/{version}/merchant/{id}.
 * Every call needs Basic authentication as `merchant.<id>` with the API password, and every
 * refusal has the gateway's error shape.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  hasZodFastifySchemaValidationErrors,
} from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { initiateCheckout } from './checkout-service';
import type { GatewayControls } from './controls';
import { GatewayRefusal, invalidCredentials, invalidRequest, unknownToken } from './gateway-errors';
import type { MerchantNotifier } from './notifications';
import {
  initiateCheckoutSchema,
  orderParamsSchema,
  tokenParamsSchema,
  transactionParamsSchema,
  versionParamsSchema,
} from './protocol';
import { deleteToken, findToken } from './repository';
import {
  authenticatePayer,
  initiateAuthentication,
  inRedirectShape,
  retrieveTransaction,
} from './token-authentication';
import { payWithToken, recordRefusedMit } from './token-payments';
import {
  anyTransactionRequestSchema,
  isMerchantInitiated,
  isTokenTransaction,
  sentAgreementId,
  type TokenTransactionRequest,
} from './token-protocol';
import { tokenAnswer } from './token-view';
import { applyTransaction, retrieveOrder } from './transactions-service';

const MERCHANT = '/api/rest/version/:version/merchant/:merchantId';

export const apiRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  controls: GatewayControls;
  notifier: MerchantNotifier;
}> = async (api, { clock, controls, notifier }) => {
  const { merchantId, password } = api.config.gateway;
  const expected = digest(`merchant.${merchantId}:${password}`);
  // Down: the connection drops before the gateway does anything, as when it is unreachable;
  // an outage of one operation (captures only) is told apart once the body is parsed.
  api.addHook('onRequest', async (_request, reply) => {
    if (controls.isDown(undefined)) return dropConnection(reply);
  });
  api.addHook('preHandler', async (request, reply) => {
    const operation = (request.body as { apiOperation?: string } | undefined)?.apiOperation;
    if (controls.isDown(operation)) return dropConnection(reply);
  });
  api.addHook('onRequest', async (request, reply) => {
    const pathMerchant = (request.params as { merchantId?: string }).merchantId;
    const given = basicCredentials(request);
    if (pathMerchant !== merchantId || !given || !timingSafeEqual(digest(given), expected)) {
      return sendRefusal(reply, invalidCredentials());
    }
  });
  // MPGS's own examples send the JSON body as text/plain; the gateway accepts either.
  api.removeContentTypeParser('text/plain');
  api.addContentTypeParser(
    'text/plain',
    { parseAs: 'string' },
    api.getDefaultJsonParser('error', 'error'),
  );
  api.setErrorHandler(gatewayErrorHandler);
  const db = api.database.db;

  api.post(
    `${MERCHANT}/session`,
    { schema: { hide: true, params: versionParamsSchema, body: initiateCheckoutSchema } },
    async (request) => initiateCheckout(db, request.params.merchantId, request.body, clock()),
  );

  api.get(
    `${MERCHANT}/order/:orderId`,
    { schema: { hide: true, params: orderParamsSchema } },
    async (request) => {
      const order = await retrieveOrder(db, request.params, clock());
      return { ...order, status: controls.shownStatus(order.status) };
    },
  );

  // Retrieve Token and Delete Token (Gateway Tokenization, gw-tokenization:
  // https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/tokenization/gw-tokenization/,
  // "Request to delete a token": DELETE .../merchant/{merchantId}/token/{tokenid}). A deleted
  // token is no longer in the repository: both refuse it afterwards.
  api.get(
    `${MERCHANT}/token/:tokenId`,
    { schema: { hide: true, params: tokenParamsSchema } },
    async (request) => {
      const row = await findToken(db, request.params.merchantId, request.params.tokenId);
      if (!row) throw unknownToken(request.params.tokenId);
      return tokenAnswer(row);
    },
  );

  api.delete(
    `${MERCHANT}/token/:tokenId`,
    { schema: { hide: true, params: tokenParamsSchema } },
    async (request) => {
      const deleted = await deleteToken(db, request.params.merchantId, request.params.tokenId);
      if (!deleted) throw unknownToken(request.params.tokenId);
      return { result: 'SUCCESS' };
    },
  );

  // Retrieve Transaction: an authentication as the payer's challenge left it (token-authentication.ts).
  api.get(
    `${MERCHANT}/order/:orderId/transaction/:transactionId`,
    { schema: { hide: true, params: transactionParamsSchema } },
    async (request) => {
      const { merchantId: merchant, orderId, transactionId } = request.params;
      const answer = await retrieveTransaction(
        db,
        { merchantId: merchant, orderId },
        transactionId,
      );
      return inRedirectShape(answer, controls.state().authenticationRedirect);
    },
  );

  const applyTokenTransaction = (
    key: { merchantId: string; orderId: string },
    transactionId: string,
    body: TokenTransactionRequest,
  ) => {
    switch (body.apiOperation) {
      case 'INITIATE_AUTHENTICATION':
        return initiateAuthentication(db, key, transactionId, body, clock());
      case 'AUTHENTICATE_PAYER':
        return authenticatePayer(db, key, transactionId, body, clock()).then((answer) =>
          inRedirectShape(answer, controls.state().authenticationRedirect),
        );
      default:
        return payWithToken(db, key, transactionId, body, clock(), {
          reuse: controls.state().reusedTransactionIds,
        });
    }
  };

  api.put(
    `${MERCHANT}/order/:orderId/transaction/:transactionId`,
    {
      schema: { hide: true, params: transactionParamsSchema, body: anyTransactionRequestSchema },
      // A merchant-initiated request refused for its shape is counted too (token-payments.ts).
      onError: async (request, _reply, error) => {
        if (!hasZodFastifySchemaValidationErrors(error) || !isMerchantInitiated(request.body))
          return;
        // Params are checked before the body, so they are valid here.
        const { merchantId: merchant, orderId, transactionId } = request.params;
        const field = error.validation[0]?.instancePath.replace(/^\//, '').replaceAll('/', '.');
        await recordRefusedMit(
          db,
          { merchantId: merchant, orderId },
          transactionId,
          sentAgreementId(request.body),
          field,
          clock(),
        );
      },
    },
    async (request, reply) => {
      const { merchantId: merchant, orderId, transactionId } = request.params;
      const key = { merchantId: merchant, orderId };
      const body = request.body;
      const answer = isTokenTransaction(body)
        ? await applyTokenTransaction(key, transactionId, body)
        : await applyTransaction(db, key, transactionId, body, clock(), {
            reuse: controls.state().reusedTransactionIds,
            unsettled: (operation) => controls.takeUnsettled(operation),
          });
      notifier.orderChanged(key);
      // The transaction took effect; the merchant never hears so (a dropped connection).
      if (controls.takeLostAnswer()) return dropConnection(reply);
      return {
        ...answer,
        order: { ...answer.order, status: controls.shownStatus(answer.order.status) },
      };
    },
  );
};

function dropConnection(reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.destroy();
  return reply;
}

function gatewayErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof GatewayRefusal) return sendRefusal(reply, error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const explanation = `${field || error.validationContext}: ${issue?.message ?? 'invalid value'}`;
    return sendRefusal(reply, invalidRequest(explanation, field || undefined));
  }
  const status = error.statusCode ?? 500;
  // Fastify's own client errors: a body that is not JSON, too large, an unknown content type.
  if (status < 500) return sendRefusal(reply, invalidRequest(error.message));
  request.log.error({ err: error }, 'gateway sandbox failed');
  return reply.code(500).send({
    result: 'ERROR',
    error: { cause: 'SERVER_FAILED', explanation: 'The gateway sandbox failed; see the shop log' },
  });
}

function sendRefusal(reply: FastifyReply, refusal: GatewayRefusal) {
  const answer = reply.code(refusal.statusCode);
  if (refusal.statusCode === 401) answer.header('www-authenticate', 'Basic realm="gateway"');
  return answer.send(refusal.toAnswer());
}

/** `user:password` from a Basic Authorization header; undefined when there is none. */
function basicCredentials(request: FastifyRequest): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : undefined;
}

// Hashing first gives equal-length buffers, which timingSafeEqual needs.
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
