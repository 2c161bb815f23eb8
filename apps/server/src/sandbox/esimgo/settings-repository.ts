/**
 * The simulator's single settings row: clock offset, fault switch and answer shapes. Writes are single
 * statements, so concurrent provider calls on several instances count faults down exactly.
 */
import { and, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type assignmentReferenceShapes,
  type CatalogueChanges,
  type callbackBundleIdShapes,
  type compatibilityShapes,
  type installDetailsShapes,
  NO_CATALOGUE_CHANGES,
  type ordersListShapes,
  esimGoSandboxSettings as settings,
} from '../../db/schema/esimgo-sandbox';
import type { FaultMode, OrderRequestType } from './protocol';

const SETTINGS_ID = 1;

const settingsColumns = {
  clockOffsetMs: settings.clockOffsetMs,
  faultMode: settings.faultMode,
  faultRemaining: settings.faultRemaining,
  faultRoute: settings.faultRoute,
  faultOrderType: settings.faultOrderType,
  retryAfterSeconds: settings.retryAfterSeconds,
  asyncDelayMs: settings.asyncDelayMs,
};

export type SettingsRow = {
  clockOffsetMs: number;
  faultMode: FaultMode;
  faultRemaining: number | null;
  faultRoute: string | null;
  faultOrderType: OrderRequestType;
  retryAfterSeconds: number;
  asyncDelayMs: number;
};

/** The row; undefined until the clock or the fault switch was first touched. */
export async function findSettings(db: Db): Promise<SettingsRow | undefined> {
  const [row] = await db.select(settingsColumns).from(settings).where(eq(settings.id, SETTINGS_ID));
  return row;
}

export async function addClockOffset(
  db: Db,
  milliseconds: number,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .insert(settings)
    .values({ id: SETTINGS_ID, clockOffsetMs: milliseconds })
    .onConflictDoUpdate({
      target: settings.id,
      set: { clockOffsetMs: sql`${settings.clockOffsetMs} + ${milliseconds}` },
    })
    .returning(settingsColumns);
  return row;
}

export interface FaultSetting {
  faultMode: FaultMode;
  faultRemaining: number | null;
  faultRoute: string | null;
  faultOrderType: OrderRequestType;
  retryAfterSeconds: number;
  asyncDelayMs: number;
}

/** The fault in force, as one call takes it. */
export type TakenFault = Pick<FaultSetting, 'faultMode' | 'retryAfterSeconds' | 'asyncDelayMs'>;

export async function saveFault(db: Db, fault: FaultSetting): Promise<SettingsRow | undefined> {
  const [row] = await db
    .insert(settings)
    .values({ id: SETTINGS_ID, ...fault })
    .onConflictDoUpdate({ target: settings.id, set: fault })
    .returning(settingsColumns);
  return row;
}

/** The call a fault may hit: its route, and for POST /orders what the order asks. */
export interface FaultedCall {
  route: string;
  orderType?: OrderRequestType | undefined;
}

/**
 * Uses up one call of the fault in force when it is one of `modes` (those that apply to this
 * call), names this call's route or none, and (an order) this order's type; undefined when
 * none applies, and then nothing is counted.
 */
export async function takeFault(
  db: Db,
  modes: readonly FaultMode[],
  { route, orderType }: FaultedCall,
): Promise<TakenFault | undefined> {
  const [row] = await db
    .update(settings)
    .set({ faultRemaining: sql`${settings.faultRemaining} - 1` })
    .where(
      and(
        eq(settings.id, SETTINGS_ID),
        inArray(settings.faultMode, [...modes]),
        or(isNull(settings.faultRemaining), gt(settings.faultRemaining, 0)),
        or(isNull(settings.faultRoute), eq(settings.faultRoute, route)),
        orderType === undefined ? undefined : eq(settings.faultOrderType, orderType),
      ),
    )
    .returning({
      faultMode: settings.faultMode,
      retryAfterSeconds: settings.retryAfterSeconds,
      asyncDelayMs: settings.asyncDelayMs,
    });
  return row;
}

/** Where eSIM Go's pages show an answer in more than one shape, the shape the simulator gives. */
export interface ShapeSettings {
  assignmentReference: (typeof assignmentReferenceShapes)[number];
  installDetails: (typeof installDetailsShapes)[number];
  ordersList: (typeof ordersListShapes)[number];
  callbackBundleId: (typeof callbackBundleIdShapes)[number];
  compatibility: (typeof compatibilityShapes)[number];
}

/** The least convenient documented shape of each, until a test asks for another. */
const DEFAULT_SHAPES: ShapeSettings = {
  assignmentReference: 'suffixed',
  installDetails: 'object',
  ordersList: 'bare',
  callbackBundleId: 'absent',
  compatibility: 'message',
};

const shapeColumns = {
  assignmentReference: settings.assignmentReferenceShape,
  installDetails: settings.installDetailsShape,
  ordersList: settings.ordersListShape,
  callbackBundleId: settings.callbackBundleIdShape,
  compatibility: settings.compatibilityShape,
};

export async function readShapes(db: Db): Promise<ShapeSettings> {
  const [row] = await db.select(shapeColumns).from(settings).where(eq(settings.id, SETTINGS_ID));
  return row ?? DEFAULT_SHAPES;
}

export async function saveShapes(db: Db, shapes: Partial<ShapeSettings>): Promise<ShapeSettings> {
  const values = {
    ...(shapes.assignmentReference ? { assignmentReferenceShape: shapes.assignmentReference } : {}),
    ...(shapes.installDetails ? { installDetailsShape: shapes.installDetails } : {}),
    ...(shapes.ordersList ? { ordersListShape: shapes.ordersList } : {}),
    ...(shapes.callbackBundleId ? { callbackBundleIdShape: shapes.callbackBundleId } : {}),
    ...(shapes.compatibility ? { compatibilityShape: shapes.compatibility } : {}),
  };
  await db
    .insert(settings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: settings.id, set: { id: SETTINGS_ID, ...values } });
  return readShapes(db);
}

export async function readCatalogueChanges(db: Db): Promise<CatalogueChanges> {
  const [row] = await db
    .select({ changes: settings.catalogueChanges })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ID));
  return row?.changes ?? NO_CATALOGUE_CHANGES;
}

export async function saveCatalogueChanges(
  db: Db,
  changes: Partial<CatalogueChanges>,
): Promise<CatalogueChanges> {
  const merged = { ...(await readCatalogueChanges(db)), ...changes };
  await db
    .insert(settings)
    .values({ id: SETTINGS_ID, catalogueChanges: merged })
    .onConflictDoUpdate({ target: settings.id, set: { catalogueChanges: merged } });
  return merged;
}

export async function resetSettings(db: Db): Promise<void> {
  await db.delete(settings).where(eq(settings.id, SETTINGS_ID));
}

/** The organisation's balance and currency, as GET /organisation reports them. */
export interface Organisation {
  balanceCents: number;
  currency: string;
}

const organisationColumns = { balanceCents: settings.balanceCents, currency: settings.currency };

/** Creates the settings row with its defaults when nothing has touched it yet. */
async function ensureSettingsRow(db: Db): Promise<void> {
  await db.insert(settings).values({ id: SETTINGS_ID }).onConflictDoNothing();
}

export async function readOrganisation(db: Db): Promise<Organisation> {
  await ensureSettingsRow(db);
  const [row] = await db
    .select(organisationColumns)
    .from(settings)
    .where(eq(settings.id, SETTINGS_ID));
  if (!row) throw new Error('The simulator has no settings row');
  return row;
}

export async function saveOrganisation(
  db: Db,
  changes: Partial<Organisation>,
): Promise<Organisation> {
  await ensureSettingsRow(db);
  if (Object.keys(changes).length > 0) {
    await db.update(settings).set(changes).where(eq(settings.id, SETTINGS_ID));
  }
  return readOrganisation(db);
}

/**
 * Takes `cents` from the balance in one statement, so two instances never both spend the
 * last of it; false (and nothing taken) when the balance cannot cover it.
 */
export async function chargeBalance(db: Db, cents: number): Promise<boolean> {
  await ensureSettingsRow(db);
  const charged = await db
    .update(settings)
    .set({ balanceCents: sql`${settings.balanceCents} - ${cents}` })
    .where(and(eq(settings.id, SETTINGS_ID), gte(settings.balanceCents, cents)))
    .returning({ balanceCents: settings.balanceCents });
  return charged.length === 1;
}

export async function creditBalance(db: Db, cents: number): Promise<void> {
  await ensureSettingsRow(db);
  await db
    .update(settings)
    .set({ balanceCents: sql`${settings.balanceCents} + ${cents}` })
    .where(eq(settings.id, SETTINGS_ID));
}
