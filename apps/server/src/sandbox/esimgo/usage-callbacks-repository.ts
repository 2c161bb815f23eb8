/**
 * Rows behind the simulator's usage callbacks: the usage control's share on an assignment, and
 * the highest threshold whose callback went out, raised under a row lock so that one caller,
 * whatever the number of instances, sends each threshold.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { esimGoSandboxAssignments as assignments } from '../../db/schema/esimgo-sandbox';

export async function updateUsedPercent(
  db: Db,
  assignmentId: number,
  usedPercent: number,
): Promise<void> {
  await db.update(assignments).set({ usedPercent }).where(eq(assignments.id, assignmentId));
}

/**
 * Raises the assignment's notified threshold to `threshold`, and answers the one it had
 * before; undefined when it was already there or higher (another caller sent it).
 */
export async function raiseNotifiedPercent(
  db: Db,
  assignmentId: number,
  threshold: number,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ notifiedPercent: assignments.notifiedPercent })
      .from(assignments)
      .where(eq(assignments.id, assignmentId))
      .for('update');
    if (!row || row.notifiedPercent >= threshold) return undefined;
    await tx
      .update(assignments)
      .set({ notifiedPercent: sql`${threshold}` })
      .where(eq(assignments.id, assignmentId));
    return row.notifiedPercent;
  });
}
