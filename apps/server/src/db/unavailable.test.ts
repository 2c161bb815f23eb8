import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('knows a terminated backend, a refused connection and a closed PGlite', () => {
    expect(isDatabaseUnavailable(withCode('terminating connection', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  });

  it('looks through the errors Drizzle and Node wrap around the driver’s', () => {
    const cause = withCode('terminating connection', '57P01');
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause }))).toBe(true);
    const refused = new AggregateError([withCode('refused', 'ECONNREFUSED')], 'connect failed');
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('leaves a query that is wrong to be a 500', () => {
    expect(isDatabaseUnavailable(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
