/**
 * The eSIM API of spec section 7: the buyer's eSIMs, one eSIM's details, bundle usage and QR
 * code under /api, and the QR code of a ledger entry at `{backend}/esim/qr/{led_id}`. The
 * spec's `qr/{b}/{a}` is `qr/{iccid}/{size}` here (see profileApiPaths in the contract).
 */
import {
  errorResponseSchema,
  esimBundlesSchema,
  esimDetailsSchema,
  esimQrParamsSchema,
  iccidParamsSchema,
  ledgerEntryParamsSchema,
  myEsimListSchema,
  profileApiPaths,
  qrSizeQuerySchema,
} from '@tern/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/no-store';
import { requireClient } from '../auth/require-client';
import { docs, providerReadLimit, providerRefusals, refusals } from './route-parts';

const pngImage = {
  description: 'The QR code holding the LPA activation string, a square PNG',
  content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
};

export const esimRoutes: FastifyPluginAsyncZod = async (app) => {
  const { esims } = app;
  const providerLimit = providerReadLimit(app.rateLimiter);

  app.get(
    profileApiPaths.myEsims.pattern,
    {
      schema: {
        ...docs('Your eSIMs, newest first, with the plan each was bought with'),
        response: { 200: myEsimListSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => noStore(reply).send(await esims.mine(await requireClient(request))),
  );

  app.get(
    profileApiPaths.esimDetails.pattern,
    {
      preHandler: providerLimit,
      schema: {
        ...docs('Install details and live status of one of your eSIMs'),
        params: iccidParamsSchema,
        response: { 200: esimDetailsSchema, ...providerRefusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await esims.details(client, request.params.iccid));
    },
  );

  app.get(
    profileApiPaths.esimBundles.pattern,
    {
      preHandler: providerLimit,
      schema: {
        ...docs('Bundles applied to one of your eSIMs and what is left of each'),
        params: iccidParamsSchema,
        response: { 200: esimBundlesSchema, ...providerRefusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      return noStore(reply).send(await esims.bundles(client, request.params.iccid));
    },
  );

  app.get(
    profileApiPaths.esimQr.pattern,
    {
      schema: {
        ...docs('The QR code of one of your eSIMs, size by size pixels'),
        params: esimQrParamsSchema,
        response: { 200: pngImage, ...refusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const { iccid, size } = request.params;
      return sendPng(reply, await esims.qrCode(client, iccid, size));
    },
  );

  // `GET /esim/qr/{led_id}`: outside /api, as the spec writes it; 250 px unless `?size=`.
  app.get(
    profileApiPaths.ledgerEntryQr.pattern,
    {
      schema: {
        ...docs('The QR code of the eSIM of one of your ledger entries'),
        params: ledgerEntryParamsSchema,
        querystring: qrSizeQuerySchema,
        response: { 200: pngImage, ...refusals },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const png = await esims.qrCodeOfLedgerEntry(
        client,
        request.params.led_id,
        request.query.size,
      );
      return sendPng(reply, png);
    },
  );
};

function sendPng(reply: FastifyReply, png: Buffer): FastifyReply {
  return noStore(reply).type('image/png').send(png);
}
