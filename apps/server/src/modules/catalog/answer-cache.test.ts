import { describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer } from './answer-cache';

function cacheOf(versions: number[]) {
  let loads = 0;
  const cache = new AnswerCache({
    load: async () => ({ load: ++loads }),
    readVersion: async () => versions[0],
    recheckMs: 0,
    onError: (error) => {
      throw error;
    },
  });
  return cache;
}

const body = (answer: CachedAnswer | undefined) => answer?.body;
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

const same = (snapshot: unknown) => snapshot;

describe('answers given at once', () => {
  it('gives an answer built already at once, not in a promise, until the catalogue changes', async () => {
    const cache = cacheOf([1]);
    const pending = cache.answer('fr', same);
    expect(pending).toBeInstanceOf(Promise);
    const answer = await pending;
    if (!answer) throw new Error('no answer');
    // What lets a route send it without waiting a turn of the event loop.
    expect(cache.answer('fr', same)).toBe(answer);
    cache.invalidate();
    const rebuilt = cache.answer('fr', same);
    expect(rebuilt).toBeInstanceOf(Promise);
    expect(body(await rebuilt)).toBe('{"load":2}');
  });

  it("answers from the new version once another instance's sync is noticed", async () => {
    const versions = [1];
    const cache = cacheOf(versions);
    const answer = await cache.answer('fr', same);
    if (!answer) throw new Error('no answer');
    versions[0] = 2;
    expect(cache.answer('fr', same)).toBe(answer); // this request starts the version check
    await settle();
    expect(body(await cache.answer('fr', same))).toBe('{"load":2}');
  });

  it('goes on answering from the old version while a refresh loads the new one', async () => {
    let release: () => void = () => {};
    let loads = 0;
    const cache = new AnswerCache({
      load: async () => {
        loads += 1;
        if (loads === 2) await new Promise<void>((resolve) => (release = resolve));
        return { load: loads };
      },
      readVersion: async () => loads,
      recheckMs: 60_000,
      onError: (error) => {
        throw error;
      },
    });
    const old = await cache.answer('fr', (snapshot) => snapshot);
    if (!old) throw new Error('no answer');
    const refreshed = cache.refresh();
    await settle();
    expect(cache.answer('fr', same)).toBe(old);
    expect(body(await cache.answer('fr', (snapshot) => snapshot))).toBe('{"load":1}');
    release();
    await refreshed;
    expect(cache.answer('fr', same)).not.toBe(old);
    expect(body(await cache.answer('fr', (snapshot) => snapshot))).toBe('{"load":2}');
  });

  it('keeps answering from the old version when the new one cannot be loaded', async () => {
    let loads = 0;
    const errors: unknown[] = [];
    const cache = new AnswerCache({
      load: async () => {
        loads += 1;
        if (loads === 2) throw new Error('database away');
        return { load: loads };
      },
      readVersion: async () => loads,
      recheckMs: 60_000,
      onError: (error) => errors.push(error),
    });
    const old = await cache.answer('fr', (snapshot) => snapshot);
    if (!old) throw new Error('no answer');
    await cache.refresh();
    expect(errors).toHaveLength(1);
    expect(body(await cache.answer('fr', (snapshot) => snapshot))).toBe('{"load":1}');
    await cache.refresh();
    expect(body(await cache.answer('fr', (snapshot) => snapshot))).toBe('{"load":3}');
  });

  it('builds an answer once for requests that ask for it together', async () => {
    const cache = cacheOf([1]);
    let builds = 0;
    const build = (snapshot: unknown) => {
      builds += 1;
      return snapshot;
    };
    const [first, second, third] = await Promise.all([
      cache.answer('fr', build),
      cache.answer('fr', build),
      cache.answer('fr', build),
    ]);
    expect(builds).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('keeps an answer whose body a new version leaves the same, with its ETag and copies', async () => {
    let loads = 0;
    const cache = new AnswerCache({
      load: async () => ({ load: ++loads, country: 'France' }),
      readVersion: async () => loads,
      recheckMs: 60_000,
      onError: (error) => {
        throw error;
      },
    });
    const sameBefore = await cache.answer('fr', (snapshot) => snapshot.country);
    const changedBefore = await cache.answer('load', (snapshot) => snapshot.load);
    await sameBefore?.whenEncoded();
    await cache.refresh();
    const sameAfter = await cache.answer('fr', (snapshot) => snapshot.country);
    const changedAfter = await cache.answer('load', (snapshot) => snapshot.load);
    expect(sameAfter).toBe(sameBefore);
    expect(sameAfter?.encodedIfReady('br')).toBeDefined();
    expect(changedAfter).not.toBe(changedBefore);
    expect(body(changedAfter)).toBe('2');
    // Kept answers are given at once in the new version like any other.
    expect(cache.answer('fr', (snapshot) => snapshot.country)).toBe(sameAfter);
  });
});
