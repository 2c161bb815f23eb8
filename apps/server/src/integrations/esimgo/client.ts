/**
 * Client of the eSIM Go v2.4 API (the real one, or the built-in simulator: only the base URL
 * differs). Every call has a timeout; 429, 5xx and timeouts are retried with exponential
 * back-off, honouring Retry-After; answers are checked against the schemas in ./schemas.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import {
  type CatalogueBundle,
  cataloguePageSchema,
  type EsimBundles,
  type EsimDetails,
  esimBundlesSchema,
  esimDetailsSchema,
  type OrderRequest,
  type OrderResponse,
  orderResponseSchema,
} from './schemas';

export type { CatalogueBundle, EsimBundles, EsimDetails, OrderRequest, OrderResponse };

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
}

export interface ListCatalogueOptions {
  /** Called after each page with the bundles read so far and the total announced. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface EsimGoClient {
  /** The whole catalogue, every page of it. */
  listCatalogue(options?: ListCatalogueOptions): Promise<CatalogueBundle[]>;
  /** `validate` checks an order; `transaction` buys (never retried once it may have reached the provider). */
  createOrder(request: OrderRequest): Promise<OrderResponse>;
  getEsim(iccid: string): Promise<EsimDetails>;
  getEsimBundles(iccid: string): Promise<EsimBundles>;
}

export type EsimGoFailure = 'http' | 'timeout' | 'network' | 'invalid-response';

export class EsimGoError extends Error {
  override name = 'EsimGoError';
  constructor(
    message: string,
    /** The provider's HTTP status; undefined when no answer came. */
    readonly status: number | undefined,
    readonly failure: EsimGoFailure,
    /** What the provider asked us to wait, when it said so. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Worth trying again later: rate limits, provider faults, timeouts and network errors. */
  get transient(): boolean {
    return (
      this.failure !== 'invalid-response' && (this.status === undefined || isRetryable(this.status))
    );
  }
}

const defaults = {
  timeoutMs: 10_000,
  retries: 3,
  backoffMs: 500,
  maxRetryAfterMs: 30_000,
  perPage: 1000,
} as const;
const MAX_BACKOFF_MS = 8_000;
// A provider announcing more pages than this is answering nonsense; stop instead of looping.
const MAX_PAGES = 500;

interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  body?: unknown;
  /** A repeat cannot do harm (GET, validate); false: retry only what surely never ran (429). */
  idempotent?: boolean;
}

export function createEsimGoClient(options: EsimGoClientOptions): EsimGoClient {
  const settings: Settings = {
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    retries: options.retries ?? defaults.retries,
    backoffMs: options.backoffMs ?? defaults.backoffMs,
    maxRetryAfterMs: options.maxRetryAfterMs ?? defaults.maxRetryAfterMs,
    perPage: options.perPage ?? defaults.perPage,
  };
  const call = <T extends z.ZodType>(path: string, schema: T, callOptions: CallOptions = {}) =>
    callWithRetries(settings, path, schema, callOptions);

  return {
    listCatalogue: (listOptions = {}) => walkCatalogue(call, settings.perPage, listOptions),
    createOrder: (request) =>
      call('/orders', orderResponseSchema, {
        method: 'POST',
        body: request,
        idempotent: request.type === 'validate',
      }),
    getEsim: (iccid) => call(`/esims/${encodeURIComponent(iccid)}`, esimDetailsSchema),
    getEsimBundles: (iccid) =>
      call(`/esims/${encodeURIComponent(iccid)}/bundles`, esimBundlesSchema),
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
    const answer = await call('/catalogue', cataloguePageSchema, { query: { page, perPage } });
    if (page === 1) {
      announced = answer.rows;
      pageCount = Math.min(answer.pageCount, MAX_PAGES);
    }
    // Names are unique; a bundle seen twice (pages shifting under us) is kept once.
    for (const bundle of answer.bundles)
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

type Settings = Required<EsimGoClientOptions>;

async function callWithRetries<T extends z.ZodType>(
  settings: Settings,
  path: string,
  schema: T,
  options: CallOptions,
): Promise<z.infer<T>> {
  const idempotent = options.idempotent ?? (options.method ?? 'GET') === 'GET';
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await callOnce(settings, path, schema, options);
    } catch (error) {
      const failure = asEsimGoError(error, path);
      const delay = retryDelay(failure, attempt, settings, idempotent);
      if (delay === undefined) throw failure;
      await sleep(delay);
    }
  }
}

/** How long to wait before the next attempt, or undefined to give up now. */
function retryDelay(
  error: EsimGoError,
  attempt: number,
  settings: Settings,
  idempotent: boolean,
): number | undefined {
  if (attempt >= settings.retries || !error.transient) return undefined;
  // A non-idempotent call that timed out or got a 5xx may have been carried out: never repeat it.
  if (!idempotent && error.status !== 429) return undefined;
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs <= settings.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  const exponential = Math.min(settings.backoffMs * 2 ** attempt, MAX_BACKOFF_MS);
  // Full jitter above half the delay, so many instances do not retry in lock-step.
  return exponential / 2 + Math.random() * (exponential / 2);
}

async function callOnce<T extends z.ZodType>(
  settings: Settings,
  path: string,
  schema: T,
  { method = 'GET', query, body }: CallOptions,
): Promise<z.infer<T>> {
  const url = new URL(`${settings.baseUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {
    'X-API-Key': settings.apiKey,
    accept: 'application/json',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new EsimGoError(
      `eSIM Go ${method} ${path} answered ${response.status}${detail(text)}`,
      response.status,
      'http',
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  return parseAnswer(text, schema, `${method} ${path}`);
}

function parseAnswer<T extends z.ZodType>(text: string, schema: T, what: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EsimGoError(
      `eSIM Go ${what} answered something that is not JSON`,
      200,
      'invalid-response',
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.')}: ${issue.message}` : 'unexpected shape';
    throw new EsimGoError(
      `eSIM Go ${what} answered an unexpected shape (${where})`,
      200,
      'invalid-response',
    );
  }
  return parsed.data;
}

function asEsimGoError(error: unknown, path: string): EsimGoError {
  if (error instanceof EsimGoError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new EsimGoError(`eSIM Go ${path} did not answer in time`, undefined, 'timeout');
  }
  const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
  return new EsimGoError(`eSIM Go ${path} could not be reached: ${reason}`, undefined, 'network');
}

function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After is either whole seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function detail(text: string): string {
  const snippet = text.slice(0, 200).trim();
  return snippet ? `: ${snippet}` : '';
}
