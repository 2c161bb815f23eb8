/**
 * The ledger API of spec section 7: the buyer's invoice lines (`/ledger/public/client/{email}`)
 * and each line's invoice as a PDF download (a refunded line's credit note too), in the
 * account's language or the one `lang` names.
 * Both need the bearer token.
 */
import {
  errorResponseSchema,
  invoiceQuerySchema,
  ledgerEntryParamsSchema,
  ledgerPageSchema,
  ledgerParamsSchema,
  ledgerQuerySchema,
  profileApiPaths,
} from '@tern/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/no-store';
import { requireClient } from '../auth/require-client';
import type { InvoiceFile } from './service';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema };

const pdfFile = {
  description: 'The invoice or credit note, as a PDF download',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ledger } = app;
  const docs = (summary: string) => ({ tags: ['ledger'], summary, security: [{ bearer: [] }] });

  app.get(
    profileApiPaths.ledger.pattern,
    {
      schema: {
        ...docs('Your invoice lines, newest first, with search and paging'),
        params: ledgerParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, ...refusals, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await requireClient(request);
      const page = await ledger.page(client, request.params.email, request.query);
      return noStore(reply).send(page);
    },
  );

  /** A PDF of one of the buyer's entries, in the language `lang` names or the account's. */
  const pdfRoute = (path: string, summary: string, draw: typeof ledger.invoice) =>
    app.get(
      path,
      {
        schema: {
          ...docs(summary),
          params: ledgerEntryParamsSchema,
          querystring: invoiceQuerySchema,
          response: { 200: pdfFile, ...refusals, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const client = await requireClient(request);
        const language = request.query.lang ?? client.language;
        return sendPdf(reply, await draw(client, request.params.led_id, language));
      },
    );

  pdfRoute(
    profileApiPaths.invoicePdf.pattern,
    'The invoice of one of your ledger entries, as a PDF',
    ledger.invoice,
  );
  pdfRoute(
    profileApiPaths.creditNotePdf.pattern,
    'The credit note of one of your refunded ledger entries, as a PDF',
    ledger.creditNote,
  );
};

function sendPdf(reply: FastifyReply, file: InvoiceFile): FastifyReply {
  return noStore(reply)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .type('application/pdf')
    .send(file.pdf);
}
