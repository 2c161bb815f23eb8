/**
 * The shop's prepaid balance at eSIM Go, which every order draws on: read periodically (a job
 * on the engine, so one instance reads it whatever their number), kept in one row for the
 * readiness probe and for the check before a payment, and watched against a floor the shop
 * owner sets (ESIMGO_BALANCE_FLOOR): going under it mails the operator once, and coming back
 * above it arms the warning again. A purchase the balance cannot cover is refused before the
 * buyer pays, since the order would fail at eSIM Go after the money was taken.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerBalance } from '../../db/schema';
import { conflict } from '../../errors';
import { mailHtml, mailText } from '../../integrations/mail/mail-layout';
import { done, type JobKind } from '../../jobs/engine';
import type { OrdersDependencies } from './dependencies';

const ROW_ID = 1;

export type BalanceReading = typeof providerBalance.$inferSelect;

export interface BalanceWatch {
  /** The floor in the organisation's currency; undefined: no warnings. */
  floor: number | undefined;
  everyMs: number;
  /** Where the warning goes: the support team's address. */
  operatorAddress: string;
}

/** The periodic job: reads the balance, records it, and warns once per crossing. */
export function balanceKind(deps: OrdersDependencies, watch: BalanceWatch): JobKind {
  return {
    maxAttempts: Number.POSITIVE_INFINITY,
    retryBaseMs: deps.settings.retryBaseMs,
    everyMs: watch.everyMs,
    run: async () => {
      await checkBalance(deps, watch);
      return done;
    },
  };
}

export async function checkBalance(deps: OrdersDependencies, watch: BalanceWatch): Promise<void> {
  const { balance, currency } = await deps.provider().getOrganisation();
  const balanceCents = Math.round(balance * 100);
  const now = deps.clock();
  await deps.db
    .insert(providerBalance)
    .values({ id: ROW_ID, balanceCents, currency, checkedAt: now })
    .onConflictDoUpdate({
      target: providerBalance.id,
      set: { balanceCents, currency, checkedAt: now },
    });
  const floorCents = watch.floor === undefined ? undefined : Math.round(watch.floor * 100);
  if (floorCents === undefined || balanceCents >= floorCents) {
    await rearmWarning(deps.db);
    return;
  }
  // One instance claims the warning of this crossing; the others find it claimed.
  if (!(await claimWarning(deps.db, now))) return;
  try {
    await deps.mailer.send(lowBalanceMail(deps.brandName, watch, { balanceCents, currency }));
  } catch (error) {
    await rearmWarning(deps.db);
    throw error;
  }
}

/** The last reading, if the balance was ever read. */
export async function lastBalance(db: Db): Promise<BalanceReading | undefined> {
  const [row] = await db.select().from(providerBalance).where(eq(providerBalance.id, ROW_ID));
  return row;
}

/**
 * Refuses a purchase whose cost at eSIM Go the last reading of the balance cannot cover. No
 * reading yet (a first start), no refusal: the order itself is refused by eSIM Go then.
 */
export async function requireBalanceFor(
  deps: OrdersDependencies,
  providerCostCents: number,
): Promise<void> {
  const reading = await lastBalance(deps.db);
  if (reading && reading.balanceCents < providerCostCents) {
    deps.log.error(
      { balanceCents: reading.balanceCents, needed: providerCostCents },
      'the eSIM Go balance cannot cover a purchase; it was refused before payment',
    );
    throw conflict('orderMessages.cannotSellNow');
  }
}

async function claimWarning(db: Db, now: Date): Promise<boolean> {
  const claimed = await db
    .update(providerBalance)
    .set({ warnedAt: now })
    .where(and(eq(providerBalance.id, ROW_ID), isNull(providerBalance.warnedAt)))
    .returning({ id: providerBalance.id });
  return claimed.length === 1;
}

async function rearmWarning(db: Db): Promise<void> {
  await db
    .update(providerBalance)
    .set({ warnedAt: sql`null` })
    .where(eq(providerBalance.id, ROW_ID));
}

function lowBalanceMail(
  brandName: string,
  watch: BalanceWatch,
  reading: { balanceCents: number; currency: string },
) {
  const amount = (cents: number) => `${(cents / 100).toFixed(2)} ${reading.currency}`;
  const floor = amount(Math.round((watch.floor ?? 0) * 100));
  const content = {
    brandName,
    heading: `The eSIM Go balance is under ${floor}`,
    paragraphs: [
      `The shop's prepaid balance at eSIM Go is ${amount(reading.balanceCents)}, under the floor of ${floor} (ESIMGO_BALANCE_FLOOR).`,
      'Every order draws on it: top it up in the eSIM Go portal before purchases are refused. You will not be told again until it has been back above the floor.',
    ],
  };
  return {
    to: watch.operatorAddress,
    subject: `[${brandName}] eSIM Go balance low: ${amount(reading.balanceCents)}`,
    text: mailText(content),
    html: mailHtml(content),
  };
}
