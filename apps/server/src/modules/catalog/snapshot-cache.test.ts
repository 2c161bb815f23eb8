import { describe, expect, it } from 'vitest';
import { SnapshotCache } from './snapshot-cache';

function cacheOf(versions: number[]) {
  let loads = 0;
  const cache = new SnapshotCache({
    load: async () => ({ load: ++loads }),
    readVersion: async () => versions[0],
    recheckMs: 0,
    onError: (error) => {
      throw error;
    },
  });
  return cache;
}

const body = (snapshot: unknown) => JSON.stringify(snapshot);
// The version check and the loads here are promise chains with no I/O or timer: one turn of
// the event loop lets everything already started finish, however busy the machine.
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('snapshots given at once', () => {
  it('gives a snapshot loaded already at once, not in a promise, until the catalogue changes', async () => {
    const cache = cacheOf([1]);
    const pending = cache.current();
    expect(pending).toBeInstanceOf(Promise);
    const snapshot = await pending;
    // What lets a route send what it reads without waiting a turn of the event loop.
    expect(cache.current()).toBe(snapshot);
    expect(cache.read((loaded) => loaded.load)).toBe(1);
    cache.invalidate();
    const reloaded = cache.current();
    expect(reloaded).toBeInstanceOf(Promise);
    expect(body(await reloaded)).toBe('{"load":2}');
  });

  it("answers from the new version once another instance's sync is noticed", async () => {
    const versions = [1];
    const cache = cacheOf(versions);
    const snapshot = await cache.current();
    versions[0] = 2;
    expect(cache.current()).toBe(snapshot); // this request starts the version check
    await settle();
    expect(body(await cache.current())).toBe('{"load":2}');
  });

  it('goes on answering from the old version while a refresh loads the new one', async () => {
    let release: () => void = () => {};
    let loads = 0;
    const cache = new SnapshotCache({
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
    const old = await cache.current();
    const refreshed = cache.refresh();
    await settle();
    expect(cache.current()).toBe(old);
    expect(body(await cache.current())).toBe('{"load":1}');
    release();
    await refreshed;
    expect(cache.current()).not.toBe(old);
    expect(body(await cache.current())).toBe('{"load":2}');
  });

  it('keeps answering from the old version when the new one cannot be loaded', async () => {
    let loads = 0;
    const errors: unknown[] = [];
    const cache = new SnapshotCache({
      load: async () => {
        loads += 1;
        if (loads === 2) throw new Error('database away');
        return { load: loads };
      },
      readVersion: async () => loads,
      recheckMs: 60_000,
      onError: (error) => errors.push(error),
    });
    await cache.current();
    await cache.refresh();
    expect(errors).toHaveLength(1);
    expect(body(await cache.current())).toBe('{"load":1}');
    await cache.refresh();
    expect(body(await cache.current())).toBe('{"load":3}');
  });

  it('loads a snapshot once for requests that ask for it together', async () => {
    const cache = cacheOf([1]);
    const [first, second, third] = await Promise.all([
      cache.read((snapshot) => snapshot),
      cache.read((snapshot) => snapshot),
      cache.read((snapshot) => snapshot),
    ]);
    expect(body(first)).toBe('{"load":1}');
    expect(second).toBe(first);
    expect(third).toBe(first);
  });
});
