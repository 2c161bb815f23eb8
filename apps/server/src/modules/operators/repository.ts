/**
 * The operators' own tables: accounts (the authenticator), codes, sessions and the audit log.
 * Rows or undefined; the sign-in service decides what a missing row means.
 */
import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorAccounts, operatorAudit, operatorCodes, operatorSessions } from '../../db/schema';

export type OperatorAccountRow = typeof operatorAccounts.$inferSelect;
export type OperatorCodeRow = typeof operatorCodes.$inferSelect;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;
export type AuditRow = typeof operatorAudit.$inferSelect;

export async function findOrCreateAccount(db: Db, email: string, now: Date) {
  await db.insert(operatorAccounts).values({ email, createdAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(operatorAccounts).where(eq(operatorAccounts.email, email));
  if (!row) throw new Error(`Operator account ${email} vanished`);
  return row;
}

export async function updateAccount(
  db: Db,
  email: string,
  changes: Partial<Omit<OperatorAccountRow, 'email' | 'createdAt'>>,
): Promise<void> {
  await db.update(operatorAccounts).set(changes).where(eq(operatorAccounts.email, email));
}

/** Records a use of the authenticator's step, unless that step (or a later one) was used. */
export async function claimTotpStep(db: Db, email: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(operatorAccounts)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(operatorAccounts.email, email),
        sql`coalesce(${operatorAccounts.lastTotpStep}, -1) < ${step}`,
      ),
    )
    .returning({ email: operatorAccounts.email });
  return claimed.length === 1;
}

export async function replaceCode(
  db: Db,
  code: Omit<typeof operatorCodes.$inferInsert, 'id' | 'attempts' | 'usedAt'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(operatorCodes)
      .set({ usedAt: code.createdAt })
      .where(and(eq(operatorCodes.email, code.email), isNull(operatorCodes.usedAt)));
    await tx.insert(operatorCodes).values(code);
  });
}

/** The operator's unused code, under a row lock so two tries are counted one after the other. */
export async function lockLiveCode(db: Db, email: string): Promise<OperatorCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorCodes)
    .where(and(eq(operatorCodes.email, email), isNull(operatorCodes.usedAt)))
    .orderBy(desc(operatorCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function countCodeTry(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(operatorCodes)
    .set({ attempts: sql`${operatorCodes.attempts} + 1` })
    .where(eq(operatorCodes.id, id))
    .returning({ attempts: operatorCodes.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

export async function markCodeUsed(db: Db, id: number, at: Date): Promise<void> {
  await db.update(operatorCodes).set({ usedAt: at }).where(eq(operatorCodes.id, id));
}

export async function insertSession(db: Db, session: typeof operatorSessions.$inferInsert) {
  await db.insert(operatorSessions).values(session);
}

export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<OperatorSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    );
  return row;
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)))
    .returning({ tokenHash: operatorSessions.tokenHash });
  return revoked.length === 1;
}

export async function appendAudit(db: Db, entry: Omit<AuditRow, 'id'>): Promise<void> {
  await db.insert(operatorAudit).values(entry);
}

/** Newest first; `before` pages back by id. */
export function listAudit(db: Db, limit: number, before?: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(operatorAudit)
    .where(before === undefined ? undefined : lt(operatorAudit.id, before))
    .orderBy(desc(operatorAudit.id))
    .limit(limit);
}

/** The entries written in [start, end), oldest first: a period's log as an export holds it. */
export function listAuditBetween(db: Db, start: Date, end: Date): Promise<AuditRow[]> {
  return db
    .select()
    .from(operatorAudit)
    .where(and(gte(operatorAudit.at, start), lt(operatorAudit.at, end)))
    .orderBy(asc(operatorAudit.at), asc(operatorAudit.id));
}
