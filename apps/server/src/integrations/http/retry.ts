/**
 * When an outside call is tried again, and after how long: the one retry rule of every outside
 * client (eSIM Go, the payment gateway), so they agree on what is transient and on Retry-After.
 */

/** Why a call failed: an HTTP refusal, no answer in time, no connection, or an answer we cannot read. */
export type HttpFailureKind = 'http' | 'timeout' | 'network' | 'invalid-response';

/**
 * What a failed call may be repeated on. `transient`: any rate limit, fault, timeout or network
 * error (a read, or a write that is safe to repeat). `rate-limited`: only a 429, which says the
 * call never ran. `never`: a write that may have taken effect however it failed.
 */
export type Repeat = 'transient' | 'rate-limited' | 'never';

export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  /** First back-off delay; it doubles on each retry. */
  backoffMs: number;
  maxBackoffMs: number;
  /**
   * Retry-After is obeyed up to this long; a longer one fails the call at once instead of
   * holding it. Undefined: the header is ignored and the back-off alone decides.
   */
  maxRetryAfterMs?: number;
}

/** What the retry rule needs to know of a failed attempt. */
export interface FailedAttempt {
  failure: HttpFailureKind;
  /** The HTTP status; undefined when no answer came. */
  status: number | undefined;
  retryAfterMs?: number;
}

/** Worth trying again later: rate limits, server faults, timeouts and network errors. */
export function isTransient({ failure, status }: FailedAttempt): boolean {
  if (failure === 'invalid-response') return false;
  return status === undefined || status === 429 || status >= 500;
}

/** How long to wait before the next attempt (0-based `attempt` just failed), or undefined to give up. */
export function retryDelay(
  failed: FailedAttempt,
  attempt: number,
  policy: RetryPolicy,
  repeat: Repeat,
  random: () => number = Math.random,
): number | undefined {
  if (attempt >= policy.retries || !isTransient(failed) || !mayRepeat(failed, repeat)) {
    return undefined;
  }
  if (policy.maxRetryAfterMs !== undefined && failed.retryAfterMs !== undefined) {
    return failed.retryAfterMs <= policy.maxRetryAfterMs ? failed.retryAfterMs : undefined;
  }
  const exponential = Math.min(policy.backoffMs * 2 ** attempt, policy.maxBackoffMs);
  // Jitter over the upper half of the delay, so many instances do not retry in lock-step.
  return exponential / 2 + random() * (exponential / 2);
}

function mayRepeat(failed: FailedAttempt, repeat: Repeat): boolean {
  switch (repeat) {
    case 'transient':
      return true;
    case 'rate-limited':
      // A call that timed out or got a 5xx may have been carried out; a 429 surely was not.
      return failed.status === 429;
    case 'never':
      return false;
  }
}

/** Retry-After is either whole seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
