// @fastify/rate-limit ships its counter stores without types; this names the calls
// lib/rate-limiter.ts makes (store/RedisStore.js and store/LocalStore.js of version 10).
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  /** The hits counted in the key's window, and the milliseconds left of it. */
  export interface StoreCount {
    current: number;
    ttl: number;
  }

  export interface CounterStore {
    incr(
      key: string,
      done: (error: Error | null, count: StoreCount | null) => void,
      timeWindowMs: number,
      max: number,
    ): void;
  }

  /** INCR and PEXPIRE in one Lua script; `key` goes before every key (after ioredis's prefix). */
  export default class RedisStore implements CounterStore {
    constructor(
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redis: Redis,
      key?: string,
    );
    incr: CounterStore['incr'];
  }
}

declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { CounterStore } from '@fastify/rate-limit/store/RedisStore.js';

  /** A fixed window per key, in an LRU map of `cache` keys (5000 unless given). */
  export default class LocalStore implements CounterStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr: CounterStore['incr'];
    /** The windows by key (toad-cache's LruMap); a window is changed in place. */
    lru: {
      get(key: string): { current: number; ttl: number; iterationStartMs: number } | undefined;
    };
  }
}
