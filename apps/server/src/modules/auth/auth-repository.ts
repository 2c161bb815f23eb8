/**
 * Rows of client accounts: clients, one-time codes and sessions. Functions take the
 * database or a transaction and return rows or undefined; the service decides what a
 * missing row means.
 */
import type { Language } from '@tern/contract';
import { and, count, desc, eq, gt, ilike, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, oneTimeCodes, sessions } from '../../db/schema/index';

export interface ClientRow {
  id: number;
  email: string;
  name: string;
  mobile: string;
  verifiedAt: Date | null;
  language: Language;
}

export interface CodeRow {
  id: number;
  codeSalt: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
}

const clientColumns = {
  id: clients.id,
  email: clients.email,
  name: clients.name,
  mobile: clients.mobile,
  verifiedAt: clients.verifiedAt,
  language: clients.language,
};

const codeColumns = {
  id: oneTimeCodes.id,
  codeSalt: oneTimeCodes.codeSalt,
  codeHash: oneTimeCodes.codeHash,
  expiresAt: oneTimeCodes.expiresAt,
  attempts: oneTimeCodes.attempts,
};

/** Where to write to a client, for the e-mails of other modules (orders). */
export interface ClientContact {
  email: string;
  name: string;
  /** The language their e-mails are written in. */
  language: Language;
}

export async function findClientContact(
  db: Db,
  clientId: number,
): Promise<ClientContact | undefined> {
  const [row] = await db
    .select({ email: clients.email, name: clients.name, language: clients.language })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row;
}

/** The e-mail addresses of these clients, by id (the operator's order list). */
export async function findClientEmails(
  db: Db,
  clientIds: readonly number[],
): Promise<Map<number, string>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(inArray(clients.id, [...new Set(clientIds)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function findClientByEmail(db: Db, email: string): Promise<ClientRow | undefined> {
  const [row] = await db.select(clientColumns).from(clients).where(eq(clients.email, email));
  return row;
}

/** Inserts the client unless the e-mail is taken; undefined when it was. */
export async function insertClientIfAbsent(
  db: Db,
  client: { email: string; name: string; mobile: string; language: Language },
): Promise<ClientRow | undefined> {
  const [row] = await db
    .insert(clients)
    .values(client)
    .onConflictDoNothing({ target: clients.email })
    .returning(clientColumns);
  return row;
}

/**
 * Marks the address proven by an accepted code. An address proven for the first time takes
 * the details given with that code (until now they were anyone's guess); a proven account
 * keeps its own name and mobile. Returns the account as it now is.
 */
export async function confirmClient(
  db: Db,
  clientId: number,
  firstDetails: { name: string; mobile: string; at: Date },
): Promise<ClientRow | undefined> {
  const [firstProof] = await db
    .update(clients)
    .set({ name: firstDetails.name, mobile: firstDetails.mobile, verifiedAt: firstDetails.at })
    .where(and(eq(clients.id, clientId), isNull(clients.verifiedAt)))
    .returning(clientColumns);
  if (firstProof) return firstProof;
  const [proven] = await db.select(clientColumns).from(clients).where(eq(clients.id, clientId));
  return proven;
}

/** The client's own change of name and mobile, and language when given, from the profile. */
export async function updateClientDetails(
  db: Db,
  clientId: number,
  details: { name: string; mobile: string; language?: Language },
): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ name: details.name, mobile: details.mobile, language: details.language })
    .where(eq(clients.id, clientId))
    .returning(clientColumns);
  return row;
}

/** The language a client chose at sign-in; the account as it now is. */
export async function updateClientLanguage(
  db: Db,
  clientId: number,
  language: Language,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ language })
    .where(eq(clients.id, clientId))
    .returning(clientColumns);
  return row;
}

/** Retires the client's earlier live codes: only the newest code may sign in. */
export async function supersedeCodes(db: Db, clientId: number, at: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ supersededAt: at })
    .where(
      and(
        eq(oneTimeCodes.clientId, clientId),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.supersededAt),
      ),
    );
}

export async function insertCode(
  db: Db,
  code: { clientId: number; codeSalt: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeCodes).values(code);
}

/**
 * The client's newest code that is neither used nor replaced, whatever its age, locked for
 * the caller's transaction: tries of one code take turns, so when the same right code
 * arrives several times at once the first signs in and the others find it used.
 */
export async function lockLiveCode(tx: Db, clientId: number): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select(codeColumns)
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.clientId, clientId),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.supersededAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Counts one try against a live code, atomically, so concurrent guesses cannot go past
 * the limit. Returns the tries made including this one; undefined when the code is used
 * up, replaced or out of tries.
 */
export async function countCodeAttempt(
  db: Db,
  codeId: number,
  maxAttempts: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, codeId),
        lt(oneTimeCodes.attempts, maxAttempts),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.supersededAt),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts;
}

/** Marks a code used; undefined when another request used (or replaced) it first. */
export async function markCodeUsed(db: Db, codeId: number, at: Date): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(oneTimeCodes.id, codeId),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.supersededAt),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return row?.id;
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; clientId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The client of a live session (not revoked, not expired at `at`). */
export async function findClientBySessionHash(
  db: Db,
  tokenHash: string,
  at: Date,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .select(clientColumns)
    .from(sessions)
    .innerJoin(clients, eq(clients.id, sessions.clientId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    );
  return row;
}

/** Revokes a live session; undefined when none matched. */
export async function revokeSession(
  db: Db,
  tokenHash: string,
  at: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return row?.id;
}

/** An account as the operator sees it. */
export interface AccountRow extends ClientRow {
  createdAt: Date;
}

const accountColumns = { ...clientColumns, createdAt: clients.createdAt };

/** Accounts whose address holds this text (any case), the newest first. */
export function searchAccounts(db: Db, text: string, limit: number): Promise<AccountRow[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
  return db
    .select(accountColumns)
    .from(clients)
    .where(text ? ilike(clients.email, pattern) : undefined)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit);
}

export async function findAccount(db: Db, clientId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(clients).where(eq(clients.id, clientId));
  return row;
}

/** The client's sessions neither revoked nor expired at `at`. */
export async function countLiveSessions(db: Db, clientId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ sessions: count() })
    .from(sessions)
    .where(
      and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)),
    );
  return row?.sessions ?? 0;
}

/** Revokes every live session of the client; how many were live. */
export async function revokeClientSessions(db: Db, clientId: number, at: Date): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
