/**
 * The operator API as the console calls it: the shop's one API client, with the operator's
 * bearer token instead of the buyer's. A 401 ends the console's session (it expired or was
 * revoked), whichever call heard it; the console then shows its sign-in.
 */

import { messageResponseSchema } from '@tern/contract/accounts';
import {
  type CreditGrantRequest,
  creditGrantResultSchema,
  opsCreditPaths,
} from '@tern/contract/credit';
import type { Language } from '@tern/contract/languages';
import {
  auditEntrySchema,
  backgroundJobSchema,
  type OpsOrdersQuery,
  type OpsVerifyRequest,
  opsActionResultSchema,
  opsApiPaths,
  opsMeSchema,
  opsOrderDetailSchema,
  opsOrderSchema,
  opsReconciliationSchema,
  opsReturnResultSchema,
  opsVerifyResponseSchema,
} from '@tern/contract/ops';
import {
  type Markup,
  markupPreviewSchema,
  opsCataloguePaths,
  opsCatalogueSchema,
  opsCustomerDetailSchema,
  opsCustomerPaths,
  opsCustomerSchema,
  opsSignOutEverywhereResultSchema,
} from '@tern/contract/ops-customers';
import {
  type OpsPeriodQuery,
  opsHealthSchema,
  opsMoneyPaths,
  opsMoneySchema,
} from '@tern/contract/ops-money';
import {
  type OpsPromoCodeRequest,
  opsPromoCodeSchema,
  promoCodePaths,
} from '@tern/contract/promo-codes';
import { z } from 'zod';
import { ApiError, apiBlob, apiRequest, type RequestOptions } from '../../../lib/api-client';
import { operatorSession } from '../ops-session';

/** A 401 means the console's session is over (expired, revoked): it ends here too. */
async function endedOn401<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) operatorSession.end();
    throw error;
  }
}

const bearer = () => operatorSession.token() ?? '';

function opsRequest<T>(href: string, options: RequestOptions<T>): Promise<T> {
  return endedOn401(() => apiRequest(href, { ...options, bearer: bearer() }));
}

export function opsDownload(href: string): Promise<Blob> {
  return endedOn401(() => apiBlob(href, undefined, bearer()));
}

const post = <T>(href: string, schema: RequestOptions<T>['schema'], body: unknown = {}) =>
  opsRequest(href, { method: 'POST', body, schema });
const put = <T>(href: string, schema: RequestOptions<T>['schema'], body: unknown) =>
  opsRequest(href, { method: 'PUT', body, schema });

export const opsApi = {
  requestCode: (email: string) =>
    apiRequest(opsApiPaths.signIn.href(), {
      method: 'POST',
      body: { email },
      schema: messageResponseSchema,
      bearer: '',
    }),
  verify: (request: OpsVerifyRequest) =>
    apiRequest(opsApiPaths.verify.href(), {
      method: 'POST',
      body: request,
      schema: opsVerifyResponseSchema,
      bearer: '',
    }),
  signOut: () => post(opsApiPaths.signOut.href(), messageResponseSchema),
  me: () => opsRequest(opsApiPaths.me.href(), { schema: opsMeSchema }),
  orders: (search: OpsOrdersQuery) =>
    opsRequest(opsApiPaths.orders.href(search), { schema: z.array(opsOrderSchema) }),
  order: (ref: string) => opsRequest(opsApiPaths.order.href(ref), { schema: opsOrderDetailSchema }),
  refund: (ref: string, reason: string) =>
    post(opsApiPaths.refund.href(ref), opsActionResultSchema, { reason }),
  retry: (ref: string) => post(opsApiPaths.retry.href(ref), opsActionResultSchema),
  markHandled: (ref: string, note: string) =>
    post(opsApiPaths.markHandled.href(ref), opsActionResultSchema, { note }),
  resendEsimMail: (ref: string) =>
    post(opsApiPaths.resendEsimMail.href(ref), opsActionResultSchema),
  audit: () => opsRequest(opsApiPaths.audit.href(), { schema: z.array(auditEntrySchema) }),
  backgroundJobs: () =>
    opsRequest(opsApiPaths.backgroundJobs.href(), { schema: z.array(backgroundJobSchema) }),
  reconciliation: (date: string) =>
    opsRequest(opsApiPaths.reconciliation.href(date), { schema: opsReconciliationSchema }),
  returnProviderOrder: (reference: string) =>
    post(opsApiPaths.returnProviderOrder.href(reference), opsReturnResultSchema),
  returnPayment: (orderId: string) =>
    post(opsApiPaths.returnPayment.href(orderId), opsReturnResultSchema),
  money: (period: OpsPeriodQuery) =>
    opsRequest(opsMoneyPaths.money.href(period), { schema: opsMoneySchema }),
  moneyCsv: (period: OpsPeriodQuery) => opsDownload(opsMoneyPaths.moneyCsv.href(period)),
  auditCsv: (period: OpsPeriodQuery) => opsDownload(opsMoneyPaths.auditCsv.href(period)),
  health: () => opsRequest(opsMoneyPaths.health.href(), { schema: opsHealthSchema }),
  customers: (query: string) =>
    opsRequest(opsCustomerPaths.customers.href(query), { schema: z.array(opsCustomerSchema) }),
  customer: (id: number) =>
    opsRequest(opsCustomerPaths.customer.href(id), { schema: opsCustomerDetailSchema }),
  signOutEverywhere: (id: number) =>
    post(opsCustomerPaths.signOutEverywhere.href(id), opsSignOutEverywhereResultSchema),
  setCustomerLanguage: (id: number, language: Language) =>
    put(opsCustomerPaths.language.href(id), opsCustomerDetailSchema, { language }),
  grantCredit: (id: number, request: CreditGrantRequest) =>
    post(opsCreditPaths.grant.href(id), creditGrantResultSchema, request),
  catalogue: () => opsRequest(opsCataloguePaths.catalogue.href(), { schema: opsCatalogueSchema }),
  syncCatalogue: () => post(opsCataloguePaths.sync.href(), opsCatalogueSchema),
  previewMarkup: (markup: Markup) =>
    post(opsCataloguePaths.markupPreview.href(), markupPreviewSchema, markup),
  saveMarkup: (markup: Markup) => put(opsCataloguePaths.markup.href(), opsCatalogueSchema, markup),
  promoCodes: () =>
    opsRequest(promoCodePaths.promoCodes.href(), { schema: z.array(opsPromoCodeSchema) }),
  createPromoCode: (code: OpsPromoCodeRequest) =>
    post(promoCodePaths.promoCodes.href(), opsPromoCodeSchema, code),
};

/** Query keys: every console answer under one root, dropped whole at sign-out. */
export const opsKeys = {
  all: ['ops'] as const,
  orders: (search: OpsOrdersQuery) => ['ops', 'orders', search] as const,
  order: (ref: string) => ['ops', 'order', ref] as const,
  audit: ['ops', 'audit'] as const,
  jobs: ['ops', 'jobs'] as const,
  reconciliation: (date: string) => ['ops', 'reconciliation', date] as const,
  money: (from: string, to: string) => ['ops', 'money', from, to] as const,
  health: ['ops', 'health'] as const,
  /** Every search of the accounts: a change of language shows in each. */
  customerLists: ['ops', 'customers'] as const,
  customers: (query: string) => ['ops', 'customers', query] as const,
  customer: (id: number) => ['ops', 'customer', id] as const,
  catalogue: ['ops', 'catalogue'] as const,
  promoCodes: ['ops', 'promo-codes'] as const,
};
