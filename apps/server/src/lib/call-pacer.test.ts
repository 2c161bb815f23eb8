import { describe, expect, it } from 'vitest';
import { createCallPacer } from './call-pacer';

describe('the call pacer', () => {
  it('starts at most N calls in any second, in the order they asked', async () => {
    const pacer = createCallPacer(3);
    const started: number[] = [];
    const origin = Date.now();
    await Promise.all(
      Array.from({ length: 7 }, async (_, index) => {
        await pacer.turn();
        started[index] = Date.now() - origin;
      }),
    );
    // Three at once, three a second later, the seventh a second after that (timers may fire late).
    for (const index of [0, 1, 2]) expect(started[index]).toBeLessThan(500);
    for (const index of [3, 4, 5]) expect(started[index]).toBeGreaterThanOrEqual(995);
    expect(started[6]).toBeGreaterThanOrEqual(1995);
    for (let index = 1; index < 7; index += 1) {
      expect(started[index]).toBeGreaterThanOrEqual(started[index - 1] ?? 0);
    }
  });

  it('lets a call through at once when the last second had fewer than N', async () => {
    let now = 10_000;
    const pacer = createCallPacer(2, () => now);
    await pacer.turn();
    now += 1500;
    const asked = Date.now();
    await pacer.turn();
    await pacer.turn();
    // Only the first call is older and it left the window: neither of these waited.
    expect(Date.now() - asked).toBeLessThan(200);
  });
});
