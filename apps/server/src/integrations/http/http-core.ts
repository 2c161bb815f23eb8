/**
 * The one HTTP core under every outside client: a timeout on each attempt, the retries of
 * ./retry, answers checked against a zod schema, and typed failures that each client dresses
 * in its own error class (EsimGoError, GatewayError), the one its callers catch.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import {
  type FailedAttempt,
  type HttpFailureKind,
  isTransient,
  type Repeat,
  type RetryPolicy,
  retryAfterMs,
  retryDelay,
} from './retry';

export type { HttpFailureKind, Repeat, RetryPolicy };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The base of each client's error class: what failed, and whether it is worth trying again. */
export class OutsideCallError extends Error {
  constructor(
    message: string,
    /** The service's HTTP status; undefined when no answer came. */
    readonly status: number | undefined,
    readonly failure: HttpFailureKind,
    /** What the service asked us to wait (Retry-After), when it said so. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Worth trying again later: rate limits, server faults, timeouts and network errors. */
  get transient(): boolean {
    return isTransient(this);
  }
}

/** A call that failed for good, as the core saw it; the client turns it into its own error. */
export interface HttpFailure extends FailedAttempt {
  /** Ready for logs: the service, the method and path, and what came of it. */
  message: string;
  /** The body of an error answer (failure 'http'), for a client that reads the service's reason. */
  body?: string;
}

/** One outside service as its client configures it. */
export interface OutsideService<E extends OutsideCallError> {
  /** Names the service in messages: "eSIM Go", "Gateway". */
  name: string;
  /** Without a trailing slash; a call's path is appended to it. */
  baseUrl: string;
  /** Sent on every call (authentication, accept). */
  headers: Record<string, string>;
  /** Per attempt. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Waits for the attempt's turn under the service's rate limit (lib/call-pacer); none: at once. */
  pace?: () => Promise<void>;
  toError(failure: HttpFailure): E;
  /** Told how each attempt ended and how long it took: the operator's metrics count them. */
  countAttempt?: AttemptCounter;
}

/**
 * How one attempt ended, in a few words only (a metric's label): `ok`, the HTTP status class of
 * a refusal (`4xx`, `5xx`), or no usable answer (`timeout`, `network`, `invalid-response`).
 */
export type AttemptOutcome = 'ok' | `${number}xx` | Exclude<HttpFailureKind, 'http'>;

export type AttemptCounter = (outcome: AttemptOutcome, seconds: number) => void;

export interface JsonCall<T extends z.ZodType> {
  method: HttpMethod;
  /** From the base URL on, e.g. /orders; segments already encoded. */
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  schema: T;
  /** What a failure may be repeated on; a write that may have taken effect is `never` repeated. */
  repeat: Repeat;
  /** Instead of the service's retries, for a caller that retries by itself. */
  retries?: number;
  /** 'text': the schema reads the answer as it came (a CSV report); JSON by default. */
  answer?: 'json' | 'text';
}

/** Calls until an answer passes the schema or the retry rule gives up, then throws the client's error. */
export async function callJson<T extends z.ZodType, E extends OutsideCallError>(
  service: OutsideService<E>,
  call: JsonCall<T>,
): Promise<z.infer<T>> {
  const policy = { ...service.retry, retries: call.retries ?? service.retry.retries };
  for (let attempt = 0; ; attempt += 1) {
    await service.pace?.();
    const outcome = await countedAttempt(service, call);
    if (outcome.ok) return outcome.value;
    const delay = retryDelay(outcome.failure, attempt, policy, call.repeat);
    if (delay === undefined) throw service.toError(outcome.failure);
    await sleep(delay);
  }
}

type Outcome<V> = { ok: true; value: V } | { ok: false; failure: HttpFailure };

/** Each attempt is a call the service sees (a retry too), so each one is counted and timed. */
async function countedAttempt<T extends z.ZodType>(
  service: OutsideService<OutsideCallError>,
  call: JsonCall<T>,
): Promise<Outcome<z.infer<T>>> {
  const started = performance.now();
  const outcome = await attemptOnce(service, call);
  service.countAttempt?.(attemptOutcome(outcome), (performance.now() - started) / 1000);
  return outcome;
}

function attemptOutcome(outcome: Outcome<unknown>): AttemptOutcome {
  if (outcome.ok) return 'ok';
  const { failure, status } = outcome.failure;
  if (failure !== 'http') return failure;
  return `${Math.floor((status ?? 0) / 100)}xx`;
}

async function attemptOnce<T extends z.ZodType>(
  service: OutsideService<OutsideCallError>,
  call: JsonCall<T>,
): Promise<Outcome<z.infer<T>>> {
  const what = `${service.name} ${call.method} ${call.path}`;
  const answer = await send(service, call, what);
  if (!answer.ok) return answer;
  const { response, text } = answer.value;
  if (!response.ok) {
    return failed({
      failure: 'http',
      status: response.status,
      message: `${what} answered ${response.status}`,
      body: text,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    });
  }
  return parseAnswer(text, call.schema, what, call.answer);
}

/** Sends the request and reads the whole answer within the attempt's timeout. */
async function send(
  service: OutsideService<OutsideCallError>,
  { method, path, query, body }: JsonCall<z.ZodType>,
  what: string,
): Promise<Outcome<{ response: Response; text: string }>> {
  const url = new URL(`${service.baseUrl}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const headers = { ...service.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(service.timeoutMs),
    });
    return { ok: true, value: { response, text: await response.text() } };
  } catch (error) {
    return failed(unanswered(error, what));
  }
}

function parseAnswer<T extends z.ZodType>(
  text: string,
  schema: T,
  what: string,
  answer: JsonCall<T>['answer'] = 'json',
): Outcome<z.infer<T>> {
  let json: unknown = text;
  if (answer === 'json') {
    try {
      json = JSON.parse(text);
    } catch {
      return failed(unreadable(`${what} answered something that is not JSON`));
    }
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return failed(unexpectedShape(what, parsed.error));
}

/**
 * An answer that is JSON but not of the expected shape, naming its first wrong field. `at` is
 * where the checked part sits in the answer, for a caller that checks an answer piece by piece.
 */
export function unexpectedShape(
  what: string,
  error: z.ZodError,
  at: readonly PropertyKey[] = [],
): HttpFailure {
  const issue = error.issues[0];
  const where = issue
    ? `${[...at, ...issue.path].map(String).join('.')}: ${issue.message}`
    : 'unexpected shape';
  return unreadable(`${what} answered an unexpected shape (${where})`);
}

function unreadable(message: string): HttpFailure {
  // The service said 200; it is what it said that we cannot use.
  return { failure: 'invalid-response', status: 200, message };
}

function unanswered(error: unknown, what: string): HttpFailure {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { failure: 'timeout', status: undefined, message: `${what} did not answer in time` };
  }
  const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
  return {
    failure: 'network',
    status: undefined,
    message: `${what} could not be reached: ${reason}`,
  };
}

function failed(failure: HttpFailure): { ok: false; failure: HttpFailure } {
  return { ok: false, failure };
}
