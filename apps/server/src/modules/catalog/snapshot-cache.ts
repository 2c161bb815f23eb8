/**
 * The catalogue read into memory once per version (a snapshot), so that a request costs a
 * property read. The catalogue only changes when a sync runs:
 * - in this process the sync says so (`refresh`, called by ./sync.ts through the dependency
 *   it is given) and waits while the new version is loaded and put in place: the old one
 *   answers meanwhile;
 * - another instance's sync is noticed by polling the latest sync id, at most once every
 *   `recheckMs` and off the request path, so other instances serve the old catalogue for at
 *   most that long (plus the reload and the browsers' max-age) after a sync.
 * A snapshot already loaded is handed back at once, not in a promise, so that a route can send
 * what it reads without waiting a turn of the event loop (plugins/answer-cache.ts).
 */

/** A value at once when it is there already, else a promise of it. */
export type Ready<T> = T | Promise<T>;

interface Generation<S> {
  snapshot: Promise<S>;
  /** The snapshot once loaded, to be handed back at once. */
  loaded: S | undefined;
  version: number | undefined;
}

export interface SnapshotCacheOptions<S> {
  load(): Promise<S>;
  /** A cheap query naming the catalogue's version; undefined before any sync. */
  readVersion(): Promise<number | undefined>;
  recheckMs: number;
  onError(error: unknown): void;
}

export class SnapshotCache<S> {
  private generation: Generation<S> | undefined;
  private checkedAt = Date.now();
  private checking = false;
  private refreshes = 0;

  constructor(private readonly options: SnapshotCacheOptions<S>) {}

  /** This version's snapshot: at once when loaded (every request but the first), else a promise. */
  current(): Ready<S> {
    this.recheckSoon();
    const generation = this.currentGeneration();
    return generation.loaded ?? generation.snapshot;
  }

  /** What `pick` reads of this version's snapshot, at once when it is loaded. */
  read<T>(pick: (snapshot: S) => T): Ready<T> {
    const snapshot = this.current();
    return snapshot instanceof Promise ? snapshot.then(pick) : pick(snapshot);
  }

  /**
   * The catalogue version the loaded snapshot was read at, the one answering now; undefined
   * before a snapshot is loaded, or when none was ever synced.
   */
  servedVersion(): number | undefined {
    return this.generation?.loaded === undefined ? undefined : this.generation.version;
  }

  invalidate(): void {
    this.generation = undefined;
  }

  /**
   * Loads the catalogue's new version while the current one goes on answering, then puts it
   * in place; resolves once it is. Dropping the snapshot at once made every request wait for
   * the whole reload (about a second on PGlite), a p99 of hundreds of milliseconds after each
   * sync. Another instance serves the previous catalogue for up to `recheckMs` after a sync
   * anyway; this one does for the length of the reload, and a sync returns after it.
   */
  async refresh(): Promise<void> {
    if (!this.generation) return;
    this.refreshes += 1;
    const refresh = this.refreshes;
    const next = this.newGeneration();
    try {
      await next.snapshot;
    } catch (error) {
      // The database away while loading: the old version goes on answering rather than no
      // catalogue at all, and the next version check (at most `recheckMs` on) loads the new one.
      this.options.onError(error);
      return;
    }
    // A later refresh, or an invalidation, has the last word.
    if (refresh === this.refreshes && this.generation) this.generation = next;
  }

  private currentGeneration(): Generation<S> {
    this.generation ??= this.newGeneration();
    return this.generation;
  }

  private newGeneration(): Generation<S> {
    // Version first: a sync landing while the snapshot loads is then seen at the next check.
    const generation: Generation<S> = {
      version: undefined,
      loaded: undefined,
      snapshot: this.options.readVersion().then(async (version) => {
        generation.version = version;
        generation.loaded = await this.options.load();
        return generation.loaded;
      }),
    };
    generation.snapshot.catch(() => {
      // A failed load is not kept: the next request tries again.
      if (this.generation === generation) this.generation = undefined;
    });
    return generation;
  }

  private recheckSoon(): void {
    const now = Date.now();
    if (this.checking || now - this.checkedAt < this.options.recheckMs) return;
    this.checkedAt = now;
    this.checking = true;
    void this.recheck().finally(() => {
      this.checking = false;
    });
  }

  private async recheck(): Promise<void> {
    const generation = this.generation;
    if (!generation) return;
    try {
      await generation.snapshot;
      const version = await this.options.readVersion();
      if (this.generation === generation && version !== generation.version) await this.refresh();
    } catch (error) {
      this.options.onError(error);
    }
  }
}
