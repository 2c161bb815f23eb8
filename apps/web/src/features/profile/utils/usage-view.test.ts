import type { EsimBundlesView } from '@tern/contract/profile';
import { describe, expect, it } from 'vitest';
import { bundleUsageRows, describeStart } from './usage-view';

type Bundle = EsimBundlesView['data']['bundles'][number];
type Assignment = Bundle['assignments'][number];

// A 7-day plan assigned Nov 23 at 09:00, started a minute later, read a day after.
const assignment: Assignment = {
  id: 'a1',
  assignmentDateTime: '2026-11-23T09:00:00Z',
  startTime: '2026-11-23T09:01:00Z',
  endTime: '2026-11-30T09:01:00Z',
  bundleState: 'active',
  initialQuantity: 1_000_000_000,
  remainingQuantity: 750_000_000,
  unlimited: false,
};

const bundle = (assignments: Assignment[], extra: Partial<Bundle> = {}): Bundle => ({
  name: 'esim_1GB_7D_FR_V2',
  description: 'eSIM, 1GB, 7 Days, France, V2',
  title: '1 GB · 7 days',
  validityDays: 7,
  assignments,
  ...extra,
});

function view(bundles: Bundle[], readAt = '2026-11-24T09:01:00Z'): EsimBundlesView {
  return { data: { bundles }, readAt };
}

describe('bundleUsageRows', () => {
  it('titles each assignment in the shop’s words, with its start, expiry and share left', () => {
    const [row] = bundleUsageRows(view([bundle([assignment])]));
    expect(row).toMatchObject({
      key: 'esim_1GB_7D_FR_V2:a1',
      title: '1 GB · 7 days',
      state: 'active',
      unlimited: false,
      initialBytes: 1_000_000_000,
      remainingBytes: 750_000_000,
      percentLeft: 75,
      validityDays: 7,
      startsWhen: undefined,
    });
    // The start is when it started, not when it was put on the eSIM.
    expect(row?.startedAt?.toISOString()).toBe('2026-11-23T09:01:00.000Z');
    expect(row?.expiresAt?.toISOString()).toBe('2026-11-30T09:01:00.000Z');
    // A quarter used in a day: three days left, before the plan ends.
    expect(row?.runOut).toMatchObject({ daysLeft: 3, outlastsPlan: false });
  });

  it('caps the estimate at the expiry date when the data would outlast the plan', () => {
    const slow = { ...assignment, remainingQuantity: 950_000_000 };
    const [row] = bundleUsageRows(view([bundle([slow])]));
    // At 5% a day the data would last until Dec 13; the plan ends Nov 30.
    expect(row?.runOut).toEqual({
      at: new Date('2026-11-30T09:01:00Z'),
      daysLeft: 6,
      outlastsPlan: true,
    });
  });

  it('forecasts nothing from minutes of data (issue 26)', () => {
    // Read 20 minutes after the start with 5% used: a pace of 3.6 GB a day is no pace yet.
    const minutesIn = { ...assignment, remainingQuantity: 950_000_000 };
    const [early] = bundleUsageRows(view([bundle([minutesIn])], '2026-11-23T09:21:00Z'));
    expect(early?.runOut).toBe(undefined);
    // A tenth used within those minutes: that pace is forecast.
    const tenth = { ...assignment, remainingQuantity: 900_000_000 };
    const [fast] = bundleUsageRows(view([bundle([tenth])], '2026-11-23T09:21:00Z'));
    expect(fast?.runOut).toMatchObject({ daysLeft: 0, outlastsPlan: false });
  });

  it('marks where the data ran out, to offer a top-up there (issue 26)', () => {
    const depleted = { ...assignment, bundleState: 'depleted', remainingQuantity: 0 };
    const empty = { ...assignment, remainingQuantity: 0 };
    const over = { ...assignment, bundleState: 'expired', remainingQuantity: 0 };
    const rows = bundleUsageRows(
      view([
        bundle([depleted]),
        bundle([empty], { name: 'b' }),
        bundle([over], { name: 'c' }),
        bundle([assignment], { name: 'd' }),
      ]),
    );
    expect(rows.map((row) => row.dataRanOut)).toEqual([true, true, false, false]);
    const unlimited = {
      ...assignment,
      initialQuantity: -1,
      remainingQuantity: -1,
      unlimited: true,
    };
    expect(bundleUsageRows(view([bundle([unlimited])]))[0]?.dataRanOut).toBe(false);
  });

  it('lists a bundle bought twice once per purchase, in the order they are used', () => {
    const topUp: Assignment = {
      ...assignment,
      id: 'a2',
      assignmentDateTime: '2026-11-23T18:00:00Z',
      startTime: null,
      endTime: null,
      bundleState: 'queued',
      remainingQuantity: 1_000_000_000,
    };
    const rows = bundleUsageRows(view([bundle([topUp, assignment])]));
    expect(rows.map((row) => row.key)).toEqual(['esim_1GB_7D_FR_V2:a1', 'esim_1GB_7D_FR_V2:a2']);
    // Waiting its turn: no dates, no estimate, and it starts when the one in use ends.
    expect(rows[1]).toMatchObject({
      startedAt: undefined,
      expiresAt: undefined,
      runOut: undefined,
      startsWhen: 'current-bundle-ends',
    });
  });

  it('says a bundle not yet started starts on first connection', () => {
    const waiting = { ...assignment, startTime: null, endTime: null, bundleState: 'processing' };
    const [row] = bundleUsageRows(view([bundle([waiting])]));
    expect(row?.startsWhen).toBe('first-connection');
    expect(row?.runOut).toBe(undefined);
  });

  it('marks unlimited bundles and gives them no quantities or estimate', () => {
    const [row] = bundleUsageRows(
      view([
        bundle([{ ...assignment, initialQuantity: -1, remainingQuantity: -1, unlimited: true }], {
          title: 'Unlimited · 7 days',
        }),
      ]),
    );
    expect(row).toMatchObject({ unlimited: true, initialBytes: 0, remainingBytes: 0 });
    expect(row?.runOut).toBe(undefined);
    expect(row?.expiresAt?.toISOString()).toBe('2026-11-30T09:01:00.000Z');
  });

  it('falls back to the description, then the name, for a title', () => {
    const [described] = bundleUsageRows(view([bundle([assignment], { title: '' })]));
    expect(described?.title).toBe('eSIM, 1GB, 7 Days, France, V2');
    const [named] = bundleUsageRows(view([bundle([assignment], { title: '', description: '' })]));
    expect(named?.title).toBe('esim_1GB_7D_FR_V2');
  });
});

describe('describeStart', () => {
  it('tells when a waiting bundle starts and how long it lasts', () => {
    expect(describeStart({ startsWhen: 'first-connection', validityDays: 7 })).toBe(
      'Starts when you first connect; lasts 7 days.',
    );
    expect(describeStart({ startsWhen: 'current-bundle-ends', validityDays: 1 })).toBe(
      'Starts when your current bundle ends; lasts 1 day.',
    );
    expect(describeStart({ startsWhen: 'first-connection', validityDays: null })).toBe(
      'Starts when you first connect.',
    );
  });
});
