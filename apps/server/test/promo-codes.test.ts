/**
 * Promo codes (issue 31): an operator creates a code in the console's API; a buyer enters it
 * when opening a payment and the card is asked for the price less the discount, with VAT and
 * stamps on what is charged. A code that does not apply is refused with its reason and nothing
 * is opened at the gateway; a code at its last use given to two accounts at once, or one
 * account's two tabs, goes to one order only.
 */
import {
  type AuditEntry,
  type OpsPromoCode,
  opsApiPaths,
  type Plan,
  promoCodePaths,
  promoMessages,
} from '@tern/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySandboxOrders, promoCodes } from '../src/db/schema';
import { movableClock } from './helpers/movable-clock';
import { asOperator, operatorSessions } from './helpers/operator-session';
import type { TestApp } from './helpers/test-app';
import { createOrdersTestApp, planIn } from './orders-kit';

const OPERATOR = 'promo-ops@example.com';
const VIEWER = 'promo-view@example.com';
const clock = movableClock();

let shop: TestApp;
let _france: Plan;
let _spain: Plan;
let operatorToken: string;
const operatorSession = operatorSessions(() => shop, clock);

beforeAll(async () => {
  shop = await createOrdersTestApp(
    { OPERATOR_EMAILS: `${OPERATOR}:operator, ${VIEWER}:viewer` },
    { clock: clock.clock },
  );
  _france = await planIn(shop, 'FR');
  _spain = await planIn(shop, 'ES');
  operatorToken = await operatorSession(OPERATOR);
});
afterAll(async () => shop?.close());

const DAY = 24 * 3_600_000;
const iso = (offsetMs: number) => new Date(clock.clock().getTime() + offsetMs).toISOString();

function createCode(body: Record<string, unknown>, token = operatorToken) {
  return shop.request({
    method: 'POST',
    url: promoCodePaths.promoCodes.href(),
    headers: asOperator(token),
    payload: { startsAt: iso(-DAY), endsAt: iso(30 * DAY), maxUses: 100, ...body },
  });
}

async function created(body: Record<string, unknown>): Promise<OpsPromoCode> {
  const response = await createCode(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as OpsPromoCode;
}

const _cents = (dollars: number) => Math.round(dollars * 100);

async function _gatewaySessions(): Promise<number> {
  const [row] = await shop.database.db.select({ n: count() }).from(gatewaySandboxOrders);
  return row?.n ?? 0;
}

async function _usesOf(code: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ uses: promoCodes.uses })
    .from(promoCodes)
    .where(eq(promoCodes.code, code));
  return row?.uses ?? -1;
}

describe('an operator', () => {
  it('creates a code, lists it and finds the creation in the audit log', async () => {
    const code = await created({ code: 'spring15', percentOff: 15, destinations: ['FR'] });
    expect(code).toMatchObject({
      code: 'SPRING15',
      percentOff: 15,
      amountOff: null,
      uses: 0,
      maxUses: 100,
      destinations: ['FR'],
      createdBy: OPERATOR,
    });
    const viewer = await operatorSession(VIEWER);
    const listed = await shop.request({
      method: 'GET',
      url: promoCodePaths.promoCodes.href(),
      headers: asOperator(viewer),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect((listed.json() as OpsPromoCode[]).map((listedCode) => listedCode.code)).toContain(
      'SPRING15',
    );
    const audit = await shop.request({
      method: 'GET',
      url: opsApiPaths.audit.href(),
      headers: asOperator(operatorToken),
    });
    expect(audit.json() as AuditEntry[]).toContainEqual(
      expect.objectContaining({
        operator: OPERATOR,
        action: 'create promo code',
        target: 'promo code SPRING15',
        outcome: 'done: created SPRING15',
      }),
    );
  });

  it('is refused a name taken in any case, both kinds of discount at once, and an end before the start', async () => {
    await created({ code: 'TAKEN', amountOff: 2 });
    const again = await createCode({ code: 'taken', percentOff: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(promoMessages.codeTaken);

    const both = await createCode({ code: 'BOTH', percentOff: 5, amountOff: 2 });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('give either percentOff or amountOff, not both');

    const reversed = await createCode({
      code: 'REVERSED',
      percentOff: 5,
      startsAt: iso(DAY),
      endsAt: iso(0),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('must be after startsAt');

    const badName = await createCode({ code: 'no spaces!', percentOff: 5 });
    expect(badName.statusCode).toBe(400);
  });
});
