import { describe, expect, it } from 'vitest';
import type { AssignmentRow } from './esims-repository';
import { chooseAssignment } from './revocation';

const HOUR_MS = 3_600_000;
const now = new Date('2026-03-10T12:00:00Z');

function assignment(id: number, bundleName: string, hoursAgo: number): AssignmentRow {
  return {
    id,
    iccid: '8944000000000000001',
    orderReference: `order-${id}`,
    bundleName,
    initialBytes: 1_000_000_000,
    durationDays: 7,
    assignedAt: new Date(now.getTime() - hoursAgo * HOUR_MS),
    usedPercent: null,
    notifiedPercent: 0,
    revokedAt: null,
  };
}

describe('the assignment a revoke takes', () => {
  // One bundle in use (started two hours ago), the same bundle queued behind it, another one.
  const onEsim = [
    assignment(1, 'esim_1GB_7D_FR_V2', 2),
    assignment(2, 'esim_1GB_7D_FR_V2', 1),
    assignment(3, 'esim_3GB_30D_FR_V2', 0.5),
  ];

  it('is the oldest unused one of the bundle named', () => {
    expect(chooseAssignment(onEsim, { iccid: 'x', name: 'esim_1GB_7D_FR_V2' }, now)?.id).toBe(2);
  });

  it('is the latest one when every one of that bundle has started', () => {
    // A one-day bundle that expired six hours ago, and the same bundle in use since then.
    const started = [
      { ...assignment(4, 'esim_1GB_1D_FR_V2', 30), durationDays: 1 },
      { ...assignment(5, 'esim_1GB_1D_FR_V2', 2), durationDays: 1 },
    ];
    expect(chooseAssignment(started, { iccid: 'x', name: 'esim_1GB_1D_FR_V2' }, now)?.id).toBe(5);
  });

  it('is the one named by id, only with its own bundle name (names are case sensitive)', () => {
    const target = { iccid: 'x', name: 'esim_3GB_30D_FR_V2', assignmentId: '3' };
    expect(chooseAssignment(onEsim, target, now)?.id).toBe(3);
    expect(
      chooseAssignment(onEsim, { ...target, name: 'ESIM_3GB_30D_FR_V2' }, now),
    ).toBeUndefined();
    expect(chooseAssignment(onEsim, { ...target, assignmentId: '1' }, now)).toBeUndefined();
  });

  it('is none for a bundle that is not on the eSIM', () => {
    expect(
      chooseAssignment(onEsim, { iccid: 'x', name: 'esim_1GB_7D_DE_V2' }, now),
    ).toBeUndefined();
  });
});
