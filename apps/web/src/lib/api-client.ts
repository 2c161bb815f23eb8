/**
 * The web app's one way to call the API: prefixes /api, adds the bearer token when one
 * is stored, echoes the anti-forgery cookie on state-changing requests, names the language
 * on screen (Accept-Language) so the server's refusals read in it, checks answers against
 * the contract's schema, and turns error answers into ApiError.
 */
import { errorMessages } from '@tern/contract/errors';
import { type AnswerCheck, readErrorAnswer } from './answer-checks';
import { deviceId } from './device-id';
import { currentLanguage } from './i18n/language-store';
import { session } from './session-store';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** The contract's zod schema, or a light check of lib/answer-checks on the landing's path. */
  schema: AnswerCheck<T>;
  signal?: AbortSignal;
  /**
   * The bearer token to send instead of the buyer's: the operators' console sends its own
   * session's, and never a buyer's (a buyer's token is refused on every operator route).
   */
  bearer?: string | undefined;
}

/** `href` is a contract API path's href (`/api/...`). */
export async function apiRequest<T>(href: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const response = await send(href, method, options.body, options.signal, options.bearer);
  if (!response.ok) throw await toApiError(response);
  const data: unknown = response.status === 204 ? undefined : await response.json();
  return options.schema.parse(data);
}

/** For binary answers (QR images, PDFs). */
export async function apiBlob(href: string, signal?: AbortSignal, bearer?: string): Promise<Blob> {
  const response = await send(href, 'GET', undefined, signal, bearer);
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

function send(href: string, method: Method, body: unknown, signal?: AbortSignal, bearer?: string) {
  const headers = new Headers({
    accept: 'application/json',
    'accept-language': currentLanguage(),
  });
  const token = bearer ?? session.bearerToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (method !== 'GET') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('x-xsrf-token', xsrf);
    const device = deviceId();
    if (device) headers.set('x-tern-device', device);
  }
  if (body !== undefined) headers.set('content-type', 'application/json');
  return fetch(href, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  const answer = readErrorAnswer(await response.json().catch(() => undefined));
  if (!answer) return new ApiError(response.status, errorMessages.generic);
  return new ApiError(response.status, answer.message, answer.errors);
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/**
 * What to tell the person of a failed request: the API's own words (already in their
 * language), else `fallback` for a failure that never reached it; undefined when nothing failed.
 */
export function failureText(error: Error | null, fallback: string): string | undefined {
  if (!error) return undefined;
  return error instanceof ApiError ? error.message : fallback;
}
