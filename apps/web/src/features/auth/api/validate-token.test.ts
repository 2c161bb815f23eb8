import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenIsValid, validateToken } from './validate-token';

const client = (token: string) => ({ token, email: 'rana@example.com', name: 'Rana', mobile: '' });
const answer = (email: string) =>
  new Response(JSON.stringify({ cli_email: email, cli_name: 'Rana Haddad' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('validateToken', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    fetch.mockReset();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server once per token, however many ask', async () => {
    fetch.mockImplementation(async () => answer('rana@example.com'));
    const [first, second] = await Promise.all([
      validateToken(client('token-a')),
      validateToken(client('token-a')),
    ]);
    expect(await validateToken(client('token-a'))).toBe(first);
    expect(second).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failure, which is no answer', async () => {
    fetch.mockRejectedValueOnce(new TypeError('offline'));
    fetch.mockImplementation(async () => answer('rana@example.com'));
    await expect(validateToken(client('token-b'))).rejects.toThrow('offline');
    expect(await tokenIsValid(client('token-b'))).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('counts an empty e-mail or a failure as a dead token', async () => {
    fetch.mockImplementationOnce(async () => answer(''));
    expect(await tokenIsValid(client('token-c'))).toBe(false);
    fetch.mockImplementationOnce(async () => new Response('{}', { status: 500 }));
    expect(await tokenIsValid(client('token-d'))).toBe(false);
  });
});
