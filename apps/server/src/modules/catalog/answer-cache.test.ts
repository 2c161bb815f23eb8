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

describe('answers remembered by URL', () => {
  it('gives a remembered URL its answer until the catalogue changes', async () => {
    const cache = cacheOf([1]);
    const answer = await cache.answer('fr', (snapshot) => snapshot);
    if (!answer) throw new Error('no answer');
    expect(cache.answerForUrl('/api/plan/country/FR')).toBeUndefined();
    cache.rememberUrl('/api/plan/country/FR', answer);
    expect(cache.answerForUrl('/api/plan/country/FR')).toBe(answer);
    cache.invalidate();
    expect(cache.answerForUrl('/api/plan/country/FR')).toBeUndefined();
  });

  it('does not remember an answer built from a catalogue replaced since', async () => {
    const cache = cacheOf([1]);
    const old = await cache.answer('fr', (snapshot) => snapshot);
    if (!old) throw new Error('no answer');
    cache.invalidate();
    expect(body(await cache.answer('fr', (snapshot) => snapshot))).toBe('{"load":2}');
    cache.rememberUrl('/api/plan/country/FR', old);
    expect(cache.answerForUrl('/api/plan/country/FR')).toBeUndefined();
  });

  it("drops remembered URLs when another instance's sync is noticed", async () => {
    const versions = [1];
    const cache = cacheOf(versions);
    const answer = await cache.answer('fr', (snapshot) => snapshot);
    if (!answer) throw new Error('no answer');
    cache.rememberUrl('/fr', answer);
    versions[0] = 2;
    cache.answerForUrl('/fr'); // a request on the fast path starts the version check
    await settle();
    expect(cache.answerForUrl('/fr')).toBeUndefined();
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
    cache.rememberUrl('/fr', old);
    const refreshed = cache.refresh();
    await settle();
    expect(cache.answerForUrl('/fr')).toBe(old);
    expect(body(await cache.answer('fr', (snapshot) => snapshot))).toBe('{"load":1}');
    release();
    await refreshed;
    expect(cache.answerForUrl('/fr')).toBeUndefined();
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
    // Kept answers are remembered for the new version's URLs like any other.
    if (!sameAfter) throw new Error('no answer');
    cache.rememberUrl('/fr', sameAfter);
    expect(cache.answerForUrl('/fr')).toBe(sameAfter);
  });
});
