/**
 * The last known state of each outside system the shop is configured to call (eSIM Go, the
 * gateway, SMTP), learnt from the outcomes of the shop's own calls: the health probe reports
 * it without calling anyone, so a probe every second costs the providers nothing.
 */

export type OutsideSystem = 'esimGo' | 'gateway' | 'mail';

export interface OutsideState {
  /** `unknown` until the first call ends. */
  state: 'up' | 'down' | 'unknown';
  /** When the last call ended (ISO 8601); absent before the first. */
  checkedAt?: string;
}

/** Whether a failed call means the system is away (no answer, a 5xx), not that it said no. */
export type OutageTest = (error: unknown) => boolean;

export class OutsideStatus {
  private readonly states = new Map<OutsideSystem, OutsideState>();

  /** Only these systems are tracked and reported: a built-in stand-in is this process itself. */
  constructor(
    tracked: readonly OutsideSystem[],
    private readonly now: () => Date = () => new Date(),
  ) {
    for (const system of tracked) this.states.set(system, { state: 'unknown' });
  }

  record(system: OutsideSystem, state: 'up' | 'down'): void {
    if (!this.states.has(system)) return;
    this.states.set(system, { state, checkedAt: this.now().toISOString() });
  }

  /** Each tracked system's last known state. */
  snapshot(): Partial<Record<OutsideSystem, OutsideState>> {
    return Object.fromEntries(this.states);
  }

  /**
   * The same client, each of whose calls (methods returning a promise) records how it ended.
   * `close` is the shop's own business and records nothing.
   */
  observe<T extends object>(system: OutsideSystem, client: T, isOutage: OutageTest): T {
    const record = (state: 'up' | 'down') => this.record(system, state);
    return new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || property === 'close') return value;
        return (...args: unknown[]) => {
          const result: unknown = value.apply(target, args);
          if (!(result instanceof Promise)) return result;
          return result.then(
            (answer: unknown) => {
              record('up');
              return answer;
            },
            (error: unknown) => {
              record(isOutage(error) ? 'down' : 'up');
              throw error;
            },
          );
        };
      },
    });
  }
}
