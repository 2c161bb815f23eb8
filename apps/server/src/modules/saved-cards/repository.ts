/** The saved_cards rows (db/schema/saved-cards.ts): a buyer's gateway tokens, never a number. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedCards } from '../../db/schema';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type NewSavedCardRow = typeof savedCards.$inferInsert;

/** Keeps the card once: a second confirmation of the same order stores nothing more. */
export async function insertSavedCard(db: Db, row: NewSavedCardRow): Promise<void> {
  await db.insert(savedCards).values(row).onConflictDoNothing();
}

export async function listSavedCards(db: Db, clientId: number): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(eq(savedCards.clientId, clientId))
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
}

/** The account's card with this id; another account's answers undefined, like none at all. */
export async function findSavedCard(
  db: Db,
  clientId: number,
  id: number,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.clientId, clientId), eq(savedCards.id, id)));
  return row;
}

export async function deleteSavedCard(db: Db, clientId: number, id: number): Promise<void> {
  await db.delete(savedCards).where(and(eq(savedCards.clientId, clientId), eq(savedCards.id, id)));
}

export async function findSavedCardById(db: Db, id: number): Promise<SavedCardRow | undefined> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.id, id));
  return row;
}
