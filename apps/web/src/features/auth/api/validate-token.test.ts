import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session-store';
import { confirmedClient, validateToken } from './validate-token';

const client = (token: string) => ({ token, email: 'rana@example.com', name: 'Rana', mobile: '' });
const answer = (email: string) =>
  new Response(JSON.stringify({ cli_email: email, cli_name: 'Rana Haddad' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('the token check', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    fetch.mockReset();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => {
    session.signOut();
    vi.unstubAllGlobals();
  });

  it('lets two askers at once share one question, and asks afresh after the answer', async () => {
    fetch.mockImplementation(async () => answer('rana@example.com'));
    const [first, second] = await Promise.all([
      validateToken(client('token-a')),
      validateToken(client('token-a')),
    ]);
    expect(second).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
    await validateToken(client('token-a'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('confirms a stored client the server still knows', async () => {
    fetch.mockImplementation(async () => answer('rana@example.com'));
    session.signIn(client('token-b'));
    expect(await confirmedClient()).toEqual(client('token-b'));
    expect(session.get().client).toEqual(client('token-b'));
  });

  it('signs out a client whose token is dead or whose check failed', async () => {
    fetch.mockImplementationOnce(async () => answer(''));
    session.signIn(client('token-c'));
    expect(await confirmedClient()).toBeUndefined();
    expect(session.get().client).toBeUndefined();

    fetch.mockImplementationOnce(async () => new Response('{}', { status: 500 }));
    session.signIn(client('token-d'));
    expect(await confirmedClient()).toBeUndefined();
    expect(session.get().client).toBeUndefined();
  });

  it('keeps a client signed in when the check gets no answer (offline, shop out of reach)', async () => {
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    session.signIn(client('token-e'));
    expect(await confirmedClient()).toEqual(client('token-e'));
    expect(session.get().client).toEqual(client('token-e'));

    fetch.mockImplementationOnce(async () => new Response('Bad gateway', { status: 502 }));
    expect(await confirmedClient()).toEqual(client('token-e'));
    expect(session.get().client).toEqual(client('token-e'));
  });

  it('confirms nobody when nobody is stored, without asking', async () => {
    expect(await confirmedClient()).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });
});
