/**
 * The sandbox's rows for token payments: agreements for merchant-initiated payments, the
 * record of every merchant-initiated request, and a token's card made to decline.
 */
import { and, count, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  gatewaySandboxAgreements as agreements,
  gatewaySandboxMitRequests as mitRequests,
  gatewaySandboxTokens as tokens,
  gatewaySandboxTransactions as transactions,
} from '../../db/schema/gateway-sandbox';
import type { OrderKey, TransactionRow } from './repository';

export type AgreementRow = typeof agreements.$inferSelect;
export type MitRequestRow = Omit<typeof mitRequests.$inferInsert, 'sequence'>;

export async function findAgreement(
  db: Db,
  merchantId: string,
  agreementId: string,
): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.merchantId, merchantId), eq(agreements.agreementId, agreementId)));
  return row;
}

/** Records the agreement; one already set up under this id is left as it is. */
export async function insertAgreement(db: Db, row: AgreementRow): Promise<void> {
  await db.insert(agreements).values(row).onConflictDoNothing();
}

export async function insertMitRequest(db: Db, row: MitRequestRow): Promise<void> {
  await db.insert(mitRequests).values(row);
}

/** How many merchant-initiated requests were accepted, and refused for want of an agreement. */
export async function countMitRequests(
  db: Db,
  merchantId: string,
): Promise<{ accepted: number; refusedWithoutAgreement: number; refused: number }> {
  const of = (condition?: ReturnType<typeof eq>) =>
    db
      .select({ n: count() })
      .from(mitRequests)
      .where(and(eq(mitRequests.merchantId, merchantId), condition));
  const [[accepted], [refused], [withoutAgreement]] = await Promise.all([
    of(eq(mitRequests.outcome, 'ACCEPTED')),
    of(eq(mitRequests.outcome, 'REFUSED')),
    of(
      and(
        eq(mitRequests.outcome, 'REFUSED'),
        like(mitRequests.refusedField, 'agreement%'),
      ) as ReturnType<typeof eq>,
    ),
  ]);
  return {
    accepted: accepted?.n ?? 0,
    refusedWithoutAgreement: withoutAgreement?.n ?? 0,
    refused: refused?.n ?? 0,
  };
}

/** The token's card is declined from now on; false when the repository has no such token. */
export async function makeTokenDecline(db: Db, merchantId: string, token: string) {
  const changed = await db
    .update(tokens)
    .set({ declines: true })
    .where(and(eq(tokens.merchantId, merchantId), eq(tokens.token, token)))
    .returning({ token: tokens.token });
  return changed.length > 0;
}

/** Updates an authentication as the payer's challenge or Authenticate Payer moved it on. */
export async function updateAuthentication(
  db: Db,
  key: OrderKey,
  transactionId: string,
  changes: Partial<
    Pick<
      TransactionRow,
      | 'result'
      | 'gatewayCode'
      | 'authenticationStatus'
      | 'amountMinor'
      | 'redirectResponseUrl'
      | 'response'
    >
  >,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set(changes)
    .where(
      and(
        eq(transactions.merchantId, key.merchantId),
        eq(transactions.orderId, key.orderId),
        eq(transactions.transactionId, transactionId),
      ),
    )
    .returning();
  return row;
}
