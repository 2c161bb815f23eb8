/**
 * The operators' audit log: who did or tried what, when, from where, and what came of it.
 * Append-only in the database (migration 0021); read newest first by the console.
 */
import type { AuditEntry } from '@tern/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type AuditRow, appendAudit, listAudit, listAuditBetween } from './repository';

export interface AuditRecord {
  operator: string;
  action: string;
  target?: string | undefined;
  outcome: string;
  from: string;
}

/** Who does what to what, from where: an entry before its outcome is known. */
export type AuditedAction = Omit<AuditRecord, 'outcome'>;

export type AuditTrail = ReturnType<typeof createAuditTrail>;

export function createAuditTrail(db: Db, clock: Clock) {
  const record = ({ operator, action, target, outcome, from }: AuditRecord) =>
    appendAudit(db, {
      at: clock(),
      operator: operator.slice(0, 254),
      action,
      target: target?.slice(0, 254) ?? null,
      outcome: outcome.slice(0, 200),
      fromAddress: from,
    });
  return {
    record,
    /**
     * Runs an operator's action and records what came of it: `done: <outcome>`, or the refusal
     * or failure that stopped it (then thrown on), so every attempt is in the log.
     */
    async audited<T>(
      action: AuditedAction,
      run: () => Promise<{ result: T; outcome: string }>,
    ): Promise<T> {
      try {
        const { result, outcome } = await run();
        await record({ ...action, outcome: `done: ${outcome}` });
        return result;
      } catch (error) {
        const outcome = error instanceof Error ? `refused: ${error.message}` : 'failed';
        await record({ ...action, outcome });
        throw error;
      }
    },
    recent: async (limit: number): Promise<AuditEntry[]> =>
      (await listAudit(db, limit)).map(toEntry),
    /** Everything written in [start, end), oldest first (the console's audit export). */
    between: async (start: Date, end: Date): Promise<AuditEntry[]> =>
      (await listAuditBetween(db, start, end)).map(toEntry),
  };
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    at: row.at.toISOString(),
    operator: row.operator,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    from: row.fromAddress,
  };
}
