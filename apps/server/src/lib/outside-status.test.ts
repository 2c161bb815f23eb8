import { describe, expect, it } from 'vitest';
import { OutsideStatus } from './outside-status';

const at = new Date('2026-05-01T10:00:00.000Z');

function client() {
  return {
    async answer() {
      return 'answer';
    },
    async fail(outage: boolean) {
      throw Object.assign(new Error('failed'), { outage });
    },
    async close() {},
  };
}

const isOutage = (error: unknown) => (error as { outage: boolean }).outage;

describe('OutsideStatus', () => {
  it('reports a tracked system unknown until a call ends, then how the last one ended', async () => {
    const status = new OutsideStatus(['esimGo'], () => at);
    const observed = status.observe('esimGo', client(), isOutage);
    expect(status.snapshot()).toEqual({ esimGo: { state: 'unknown' } });

    await expect(observed.answer()).resolves.toBe('answer');
    expect(status.snapshot()).toEqual({ esimGo: { state: 'up', checkedAt: at.toISOString() } });

    await expect(observed.fail(true)).rejects.toThrow('failed');
    expect(status.snapshot().esimGo?.state).toBe('down');
  });

  it('counts a refusal as the system being there', async () => {
    const status = new OutsideStatus(['gateway'], () => at);
    const observed = status.observe('gateway', client(), isOutage);
    await expect(observed.fail(false)).rejects.toThrow();
    expect(status.snapshot().gateway?.state).toBe('up');
  });

  it('neither tracks a stand-in nor counts closing as a call', async () => {
    const status = new OutsideStatus(['mail'], () => at);
    await status.observe('esimGo', client(), isOutage).answer();
    await status.observe('mail', client(), isOutage).close();
    expect(status.snapshot()).toEqual({ mail: { state: 'unknown' } });
  });
});
