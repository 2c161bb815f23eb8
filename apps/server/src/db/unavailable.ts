/**
 * Tells a database that is out of reach (a connection terminated, refused, timed out; PGlite
 * closed) from a query that is wrong: the first is the request's bad luck and answers 503,
 * the second is our bug and answers 500.
 */

// SQLSTATE classes and codes that say "the server or the connection", never "your query":
// 08 connection exception, 57P01-57P05 the server shutting down or the backend terminated,
// 53300 too many connections. https://www.postgresql.org/docs/current/errcodes-appendix.html
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300']);
// Node's socket errors, as node-postgres passes them on.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
// node-postgres and PGlite say it only in words.
const UNAVAILABLE_WORDS = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

/** True when `error`, or an error it wraps (Drizzle wraps the driver's), says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (saysUnavailable(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

function saysUnavailable(error: Error): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return (
    code.startsWith('08') ||
    UNAVAILABLE_CODES.has(code) ||
    SOCKET_CODES.has(code) ||
    UNAVAILABLE_WORDS.some((words) => error.message.includes(words))
  );
}
