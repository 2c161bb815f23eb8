/**
 * Client of the eSIM Go v2.4 API (the real one, or the built-in simulator: only the base URL
 * differs), on the shared HTTP core (../http/http-core): every call has a timeout; 429, 5xx
 * (503 Processing too) and timeouts of reads are retried with exponential back-off, honouring
 * Retry-After, a bounded number of times; a purchase only after a 429. Answers are checked
 * against the schemas in ./schemas, which also normalise times to ISO 8601. */
import type { z } from 'zod';
import { turnsBetweenSlices } from '../../lib/event-loop-turns';
import {
  type AttemptCounter,
  callJson,
  type HttpFailureKind,
  OutsideCallError,
  type OutsideService,
  unexpectedShape,
} from '../http/http-core';
import {
  type CatalogueBundle,
  catalogueBundleSchema,
  cataloguePageEnvelopeSchema,
  compatibilityAnswerSchema,
  type EsimBundles,
  type EsimDetails,
  type EsimLocation,
  esimBundlesSchema,
  esimDetailsSchema,
  esimLocationSchema,
  type InstallDetails,
  type Inventory,
  installDetailsSchema,
  inventorySchema,
  messageAnswerSchema,
  type OrderRequest,
  type OrderResponse,
  type OrdersPage,
  type OrderValidation,
  type Organisation,
  orderResponseSchema,
  ordersPageSchema,
  orderValidationSchema,
  organisationAnswerSchema,
  type RefreshAnswer,
  type RevokeAnswer,
  refreshAnswerSchema,
  revokeAnswerSchema,
} from './schemas';

export { retryAfterMs } from '../http/retry';

export type {
  CatalogueBundle,
  EsimBundles,
  EsimDetails,
  EsimLocation,
  InstallDetails,
  Inventory,
  OrderRequest,
  OrderResponse,
  OrdersPage,
  OrderValidation,
  Organisation,
  RefreshAnswer,
  RevokeAnswer,
};

export interface EsimGoClientOptions {
  /** e.g. https://api.esim-go.com/v2.4, without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts after the first one. */
  retries?: number;
  /** First back-off delay; it doubles on each retry. */
  backoffMs?: number;
  /** A longer Retry-After fails the call at once instead of holding it. */
  maxRetryAfterMs?: number;
  /** Catalogue page size asked for. */
  perPage?: number;
  /** Told how each attempt ended (the operator's metrics). */
  countAttempt?: AttemptCounter;
  /** Waits for each call's turn under eSIM Go's rate limit, shared by the app's clients. */
  pace?: () => Promise<void>;
}

export interface ListCatalogueOptions {
  /** Called after each page with the bundles read so far and the total announced. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface ListOrdersQuery {
  /** Orders created at or after this moment (createdAt=gte:…). */
  createdFrom: Date;
  page: number;
  perPage: number;
}

export interface EsimGoClient {
  /** The whole catalogue, every page of it. */
  listCatalogue(options?: ListCatalogueOptions): Promise<CatalogueBundle[]>;
  /** `validate` checks an order; `transaction` buys (never retried once it may have reached the provider). */
  createOrder(request: OrderRequest): Promise<OrderResponse>;
  /**
   * The same order as a check, charging nothing ("runs all the same checks as a real order"):
   * its total, or an EsimGoError with the provider's reason (a 400). Retried like a read.
   */
  validateOrder(
    request: Omit<OrderRequest, 'type'>,
    options?: CallPolicy,
  ): Promise<OrderValidation>;
  /**
   * Whether the eSIM can take the bundle (eSIM Go mixes network providers, and a bundle of
   * another cannot top up the eSIM); undefined when the answer does not say.
   */
  checkCompatibility(
    iccid: string,
    bundle: string,
    options?: CallPolicy,
  ): Promise<boolean | undefined>;
  /** One order by its reference, with its eSIMs once they are assigned. */
  getOrder(reference: string): Promise<OrderResponse>;
  /** One page of orders, newest first, for finding an order whose answer was lost. */
  listOrders(query: ListOrdersQuery, options?: CallPolicy): Promise<OrdersPage>;
  /** The eSIMs of an order; 503 Processing (an EsimGoError) until they exist. */
  getAssignments(reference: string): Promise<InstallDetails>;
  getEsim(iccid: string): Promise<EsimDetails>;
  /** Used (depleted, expired) bundles included, so a buyer sees why data ran out. */
  getEsimBundles(iccid: string): Promise<EsimBundles>;
  /** The network the eSIM was last seen on (fields absent when never seen). */
  getEsimLocation(iccid: string): Promise<EsimLocation>;
  /**
   * Has the network drop the eSIM so the phone registers again. Never repeated by the client:
   * each call disconnects the traveller; a 503 or 429 comes back to the caller at once.
   */
  refreshEsim(iccid: string): Promise<RefreshAnswer>;
  /**
   * Revokes one bundle assignment from the eSIM (`validate` checks only). Retried only after a
   * 429: a revoke that may have run is looked up (getEsimBundles), never sent blind again. An
   * eSIM left without bundles and not installed leaves the account (eSIM Go's returns process).
   */
  revokeBundle(iccid: string, bundle: RevokedBundle): Promise<RevokeAnswer>;
  /** The organisation's prepaid balance and its currency. */
  getOrganisation(): Promise<Organisation>;
  /** The bundles bought and on no eSIM (a revoked bundle comes back here), with their usageIds. */
  getInventory(): Promise<Inventory>;
  /**
   * Refunds uses of an inventory item to the balance. Never repeated by the client: there is no
   * key to make a second call harmless, so a caller that lost the answer looks in the order list.
   */
  refundInventory(usageId: number, quantity: number): Promise<void>;
}

/** Which assignment of which bundle to revoke, and whether to do it or only check. */
export interface RevokedBundle {
  name: string;
  assignmentId: string;
  type?: 'validate' | 'transaction';
}

/** Per call: how many retries instead of the client's (a caller that retries by itself). */
export interface CallPolicy {
  retries?: number;
}

export type EsimGoFailure = HttpFailureKind;

/** Carries the provider's status, failure kind and Retry-After (see OutsideCallError). */
export class EsimGoError extends OutsideCallError {
  override name = 'EsimGoError';

  /** 503: eSIM Go is still processing (an order, an assignment); ask again after retryAfterMs. */
  get processing(): boolean {
    return this.status === 503;
  }

  /**
   * An eSIM the account does not hold: 400 for an ICCID it never knew, 403 "not accessible"
   * for one that left it in the returns process after its last bundle was revoked
   * (https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get). Only on calls naming an eSIM.
   */
  get esimNotHeld(): boolean {
    return this.status === 400 || this.status === 403;
  }
}

const defaults = {
  timeoutMs: 10_000,
  retries: 3,
  backoffMs: 500,
  maxRetryAfterMs: 30_000,
  perPage: 100,
} as const;
const MAX_BACKOFF_MS = 8_000;
// A provider announcing more pages than this is answering nonsense; stop instead of looping.
const MAX_PAGES = 500;

interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | number>;
  body?: unknown;
  /** A repeat cannot do harm (GET, validate); false: retry only what surely never ran (429). */
  idempotent?: boolean;
  retries?: number;
}

export function createEsimGoClient(options: EsimGoClientOptions): EsimGoClient {
  const service = esimGoService(options);
  const call = <T extends z.ZodType>(
    path: string,
    schema: T,
    { method = 'GET', idempotent = method === 'GET', ...rest }: CallOptions = {},
  ) =>
    callJson(service, {
      method,
      path,
      schema,
      repeat: idempotent ? 'transient' : 'rate-limited',
      ...rest,
    });
  const perPage = options.perPage ?? defaults.perPage;

  return {
    listCatalogue: (listOptions = {}) => walkCatalogue(call, perPage, listOptions),
    createOrder: (request) =>
      call('/orders', orderResponseSchema, {
        method: 'POST',
        body: request,
        idempotent: request.type === 'validate',
      }),
    // https://docs.esim-go.com/api/v2_4/operations/orders/post (type validate)
    validateOrder: (request, policy = {}) =>
      call('/orders', orderValidationSchema, {
        method: 'POST',
        body: { ...request, type: 'validate' },
        idempotent: true,
        ...policy,
      }),
    // https://docs.esim-go.com/api/v2_4/operations/esimsiccidcompatiblebundle/get
    checkCompatibility: (iccid, bundle, policy = {}) =>
      call(
        `/esims/${encodeURIComponent(iccid)}/compatible/${encodeURIComponent(bundle)}`,
        compatibilityAnswerSchema,
        policy,
      ),
    getOrder: (reference) => call(`/orders/${encodeURIComponent(reference)}`, orderResponseSchema),
    listOrders: ({ createdFrom, page, perPage }, policy = {}) =>
      call('/orders', ordersPageSchema, {
        query: { createdAt: `gte:${createdFrom.toISOString()}`, page, limit: perPage },
        ...policy,
      }),
    getAssignments: (reference) =>
      call('/esims/assignments', installDetailsSchema, { query: { reference } }),
    getEsim: (iccid) => call(`/esims/${encodeURIComponent(iccid)}`, esimDetailsSchema),
    // https://docs.esim-go.com/guides/bundle_status/: used bundles are hidden unless asked for.
    getEsimBundles: (iccid) =>
      call(`/esims/${encodeURIComponent(iccid)}/bundles`, esimBundlesSchema, {
        query: { includeUsed: 'true' },
      }),
    // https://docs.esim-go.com/api/v2_4/operations/esimsiccidlocation/get
    getEsimLocation: (iccid) =>
      call(`/esims/${encodeURIComponent(iccid)}/location`, esimLocationSchema),
    // https://docs.esim-go.com/api/v2_5/operations/esimsiccidrefresh/get: a GET that acts.
    refreshEsim: (iccid) =>
      call(`/esims/${encodeURIComponent(iccid)}/refresh`, refreshAnswerSchema, {
        idempotent: false,
        retries: 0,
      }),
    // https://docs.esim-go.com/api/v2_4/operations/organisation/get
    getOrganisation: () => call('/organisation', organisationAnswerSchema),
    getInventory: () => call('/inventory', inventorySchema),
    // https://docs.esim-go.com/api/v2_3/operations/inventoryrefund
    refundInventory: async (usageId, quantity) => {
      await call('/inventory/refund', messageAnswerSchema, {
        method: 'POST',
        body: { usageId, quantity },
      });
    },
    // https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesnameassignmentsassignmentid/delete/
    revokeBundle: (iccid, { name, assignmentId, type = 'transaction' }) =>
      call(
        `/esims/${encodeURIComponent(iccid)}/bundles/${encodeURIComponent(name)}/assignments/${encodeURIComponent(assignmentId)}`,
        revokeAnswerSchema,
        { method: 'DELETE', query: { type }, idempotent: type === 'validate' },
      ),
  };
}

type Call = <T extends z.ZodType>(
  path: string,
  schema: T,
  options?: CallOptions,
) => Promise<z.infer<T>>;

async function walkCatalogue(
  call: Call,
  perPage: number,
  { onProgress }: ListCatalogueOptions,
): Promise<CatalogueBundle[]> {
  const byName = new Map<string, CatalogueBundle>();
  let announced = 0;
  let pageCount = 1;
  for (let page = 1; page <= pageCount; page += 1) {
    const answer = await call('/catalogue', cataloguePageEnvelopeSchema, {
      query: { page, perPage },
    });
    if (page === 1) {
      announced = answer.rows;
      pageCount = Math.min(answer.pageCount, MAX_PAGES);
    }
    // Names are unique; a bundle seen twice (pages shifting under us) is kept once.
    for (const bundle of await checkedBundles(answer.bundles))
      if (!byName.has(bundle.name)) byName.set(bundle.name, bundle);
    onProgress?.(byName.size, announced);
  }
  if (byName.size < announced) {
    // A short catalogue would retire plans that are still sold; refuse it rather than guess.
    throw new EsimGoError(
      `The catalogue changed while it was read (${byName.size} of ${announced} bundles); try again`,
      undefined,
      'invalid-response',
    );
  }
  return [...byName.values()];
}

/**
 * A page's bundles checked one at a time, with turns for the event loop between slices: a page
 * of global bundles (each with its networks in 150 countries) is 1.5 MB, and checking it whole
 * held a running shop's event loop 56 ms (bench:api -- --mixed).
 */
async function checkedBundles(rows: readonly unknown[]): Promise<CatalogueBundle[]> {
  const takeTurn = turnsBetweenSlices();
  const bundles: CatalogueBundle[] = [];
  for (const [index, row] of rows.entries()) {
    await takeTurn();
    const checked = catalogueBundleSchema.safeParse(row);
    if (!checked.success) {
      const { message, status, failure } = unexpectedShape(
        'eSIM Go GET /catalogue',
        checked.error,
        ['bundles', index],
      );
      throw new EsimGoError(message, status, failure);
    }
    bundles.push(checked.data);
  }
  return bundles;
}

function esimGoService(options: EsimGoClientOptions): OutsideService<EsimGoError> {
  return {
    name: 'eSIM Go',
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: { 'X-API-Key': options.apiKey, accept: 'application/json' },
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    ...(options.pace && { pace: options.pace }),
    retry: {
      retries: options.retries ?? defaults.retries,
      backoffMs: options.backoffMs ?? defaults.backoffMs,
      maxBackoffMs: MAX_BACKOFF_MS,
      maxRetryAfterMs: options.maxRetryAfterMs ?? defaults.maxRetryAfterMs,
    },
    toError: ({ message, status, failure, retryAfterMs, body }) =>
      new EsimGoError(`${message}${detail(body ?? '')}`, status, failure, retryAfterMs),
    countAttempt: options.countAttempt,
  };
}

function detail(text: string): string {
  const snippet = text.slice(0, 200).trim();
  return snippet ? `: ${snippet}` : '';
}
