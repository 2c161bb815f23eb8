/**
 * The time as services see it. Injected (BuildOptions.clock) so tests can move past a
 * code's or a token's expiry without waiting or faking the process's timers.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
