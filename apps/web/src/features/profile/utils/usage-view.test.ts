import type { EsimBundlesView } from '@tern/contract';
import { describe, expect, it } from 'vitest';
import { bundleUsageRows } from './usage-view';

const assignment = {
  id: 'a1',
  assignmentDateTime: '2026-01-01T00:00:00Z',
  bundleState: 'active',
  initialQuantity: 1_000_000_000,
  remainingQuantity: 750_000_000,
  unlimited: false,
};

function view(bundles: EsimBundlesView['data']['bundles']): EsimBundlesView {
  return { data: { bundles }, readAt: '2026-01-02T00:00:00Z' };
}

describe('bundleUsageRows', () => {
  it('shows each assignment with the share left and a run-out estimate from its pace', () => {
    const [row] = bundleUsageRows(
      view([
        { name: 'esim_1GB_7D_FR', description: 'France 1GB 7 Days', assignments: [assignment] },
      ]),
    );
    expect(row).toMatchObject({
      key: 'esim_1GB_7D_FR:a1',
      description: 'France 1GB 7 Days',
      state: 'active',
      unlimited: false,
      initialBytes: 1_000_000_000,
      remainingBytes: 750_000_000,
      percentLeft: 75,
    });
    expect(row?.startedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(row?.runOut?.daysLeft).toBe(3);
  });

  it('lists a bundle bought twice once per purchase', () => {
    const rows = bundleUsageRows(
      view([
        {
          name: 'b',
          description: 'France 1GB',
          assignments: [assignment, { ...assignment, id: 'a2', bundleState: 'queued' }],
        },
      ]),
    );
    expect(rows.map((row) => row.key)).toEqual(['b:a1', 'b:a2']);
    // A bundle waiting its turn is not being used: no estimate.
    expect(rows[1]?.runOut).toBe(undefined);
  });

  it('marks unlimited bundles and gives them no quantities or estimate', () => {
    const [row] = bundleUsageRows(
      view([
        {
          name: 'u',
          description: 'Unlimited',
          assignments: [
            { ...assignment, initialQuantity: -1, remainingQuantity: -1, unlimited: true },
          ],
        },
      ]),
    );
    expect(row).toMatchObject({ unlimited: true, initialBytes: 0, remainingBytes: 0 });
    expect(row?.runOut).toBe(undefined);
  });

  it('falls back to the bundle name and copes with a missing start date', () => {
    const [row] = bundleUsageRows(
      view([
        {
          name: 'esim_1GB',
          description: '',
          assignments: [{ ...assignment, assignmentDateTime: null }],
        },
      ]),
    );
    expect(row?.description).toBe('esim_1GB');
    expect(row?.startedAt).toBe(undefined);
    expect(row?.runOut).toBe(undefined);
  });
});
