/**
 * The eSIM Go simulator against eSIM Go's own OpenAPI document (v2.5; v2.4 to v2.5 has no breaking
 * change), trimmed to what the shop calls (fixtures/esim-go-openapi-v2_5.json). A journey drives
 * every operation the shop calls for real (buy, look up, install, top up, revoke, refund from the
 * inventory, a usage callback), once in the default answer shapes and once in the others, and each
 * answer is checked with Ajv against the document's schema for that operation and status, and for
 * fields the document does not declare. Where an answer is not what the document says (a form
 * another page of eSIM Go shows, or a slip of the document itself), the test says so by name and
 * checks the answer against the form that page shows. The shop's client must read every answer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  catalogueBundleSchema,
  cataloguePageEnvelopeSchema,
  compatibilityAnswerSchema,
  esimBundlesSchema,
  esimDetailsSchema,
  esimLocationSchema,
  installDetailsSchema,
  inventorySchema,
  messageAnswerSchema,
  orderResponseSchema,
  ordersPageSchema,
  orderValidationSchema,
  organisationAnswerSchema,
  refreshAnswerSchema,
  revokeAnswerSchema,
} from '../src/integrations/esimgo/schemas';
import { usageCallbackSchema } from '../src/integrations/esimgo/usage-callback';
import { createCallPacer } from '../src/lib/call-pacer';
import {
  backdateEsim,
  changeCatalogue,
  clearFault,
  getClock,
  setAttachment,
  setBalance,
  setFault,
  setProfileStatus,
  setShapes,
} from '../src/sandbox/esimgo/control-client';
import { ESIMGO_SANDBOX_CONTROL_PATH, esimGoSandboxApiUrl } from '../src/sandbox/esimgo/paths';
import type { ShapesRequest } from '../src/sandbox/esimgo/protocol';
import {
  checkAnswer,
  checkComponent,
  checkComponentItem,
  checkUsageCallback,
  documentedMediaTypes,
  documentedStatuses,
  type Operation,
  type Verdict,
} from './helpers/esim-go-document';
import { createTestApp, type TestApp } from './helpers/test-app';

const FR = 'esim_1GB_7D_FR_V2';
/** A price with cents, as eSIM Go's order examples show theirs (2.28, 9.99). */
const FR_PRICE = 4.99;
const UNKNOWN_ICCID = '8944500000000999999';

/** Fields of the document's objects an answer fills, and nothing it breaks. */
const CONFORMS: Verdict = { errors: [], undeclared: [] };

/**
 * Money the document types `integer` comes with cents, as the same document's order prices do
 * (`number`, examples 2.28 and 9.99) and as the notifications page's balances (40.1, 90.1):
 * catalogue prices and the organisation balance. The simulator keeps the cents.
 */
const PRICE_IN_CENTS = '/price must be integer';
const BALANCE_IN_CENTS = '/balance must be integer';

/**
 * Live catalogues write each roaming country as `{country, networks, potentialNetworks}` with the
 * networks in it, which the document's flat `{name, region, iso}` does not declare (decision 0015;
 * the shop reads both).
 */
const NESTED_ROAMING = [
  '/roamingEnabled/*/country',
  '/roamingEnabled/*/networks',
  '/roamingEnabled/*/potentialNetworks',
];

// ---- calls, paced: a rate limit (10 a second per IP) may stand in front of the simulator ----

// The shop's own pacer (lib/call-pacer), at the pace the shop keeps.
const pacer = createCallPacer(9);

async function paced<T>(call: () => Promise<T>): Promise<T> {
  await pacer.turn();
  return call();
}

let shop: TestApp;
let callbackServer: Server;
/** Every usage callback the simulator sent, as parsed JSON. */
const callbacks: unknown[] = [];

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

async function call(path: string, init: RequestInit = {}, apiKey?: string): Promise<Answer> {
  const response = await paced(() =>
    fetch(`${esimGoSandboxApiUrl(shop.url)}${path}`, {
      ...init,
      headers: {
        'x-api-key': apiKey ?? shop.config.esimGo.apiKey,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
    }),
  );
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: JSON.parse(text) as unknown,
  };
}

/** A 200 answer's body. */
async function ok(path: string, init: RequestInit = {}): Promise<unknown> {
  const answer = await call(path, init);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

function post(body: unknown): RequestInit {
  return { method: 'POST', body: JSON.stringify(body) };
}

function order(type: 'validate' | 'transaction', iccids?: string[]) {
  return {
    type,
    assign: true,
    order: [
      { type: 'bundle', item: FR, quantity: 1, allowReassign: false, ...(iccids && { iccids }) },
    ],
  };
}

async function setUsage(iccid: string, usedPercent: number): Promise<void> {
  const response = await paced(() =>
    fetch(`${shop.url}${ESIMGO_SANDBOX_CONTROL_PATH}/esims/${iccid}/usage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usedPercent }),
    }),
  );
  expect(response.status, await response.text()).toBe(200);
}

/** A field of an answer, for the journey's next step (the answers are checked in the tests). */
function field<T>(body: unknown, ...path: (string | number)[]): T {
  let node = body;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  if (node === undefined) throw new Error(`No ${path.join('.')} in ${JSON.stringify(body)}`);
  return node as T;
}

// ---- the journey: every operation the shop calls, in one set of shapes ----

interface Journey {
  catalogue: unknown;
  bundleDetail: unknown;
  validation: unknown;
  purchase: unknown;
  orderDetail: unknown;
  installDetails: unknown;
  esimReleased: unknown;
  locationNeverSeen: unknown;
  esimInstalled: unknown;
  locationSeen: unknown;
  refresh: unknown;
  compatibility: unknown;
  topUp: unknown;
  bundlesQueued: unknown;
  revokeCheck: unknown;
  revoke: unknown;
  inventory: unknown;
  refund: unknown;
  organisation: unknown;
  ordersList: unknown;
  bundlesStarted: unknown;
  callbacks: unknown[];
}

async function journey(shapes: Required<ShapesRequest>): Promise<Journey> {
  await paced(() => setShapes(shop.url, shapes));
  await paced(() => changeCatalogue(shop.url, { prices: { [FR]: FR_PRICE } }));
  await paced(() => setBalance(shop.url, { balance: 1000.5, currency: 'USD' }));
  // The simulator's own clock, read after the journey before this one ended: a margin taken from
  // this process's clock listed that journey's last order too when the two ran within a second.
  const { now: since } = await paced(() => getClock(shop.url));

  const catalogue = await ok('/catalogue?countries=FR&perPage=3');
  const bundleDetail = await ok(`/catalogue/bundle/${FR}`);
  const validation = await ok('/orders', post(order('validate')));
  const purchase = await ok('/orders', post(order('transaction')));
  const iccid = field<string>(purchase, 'order', 0, 'esims', 0, 'iccid');
  const reference = field<string>(purchase, 'orderReference');
  const orderDetail = await ok(`/orders/${reference}`);
  const installDetails = await ok(`/esims/assignments?reference=${reference}`);
  const esimReleased = await ok(`/esims/${iccid}`);
  const locationNeverSeen = await ok(`/esims/${iccid}/location`);

  await paced(() => setProfileStatus(shop.url, iccid, 'Installed'));
  const esimInstalled = await ok(`/esims/${iccid}`);
  await paced(() =>
    setAttachment(shop.url, iccid, {
      attached: true,
      networkName: 'Orange',
      mobileNetworkCode: '20801',
      country: 'FR',
    }),
  );
  const locationSeen = await ok(`/esims/${iccid}/location`);
  const refresh = await ok(`/esims/${iccid}/refresh`);
  const compatibility = await ok(`/esims/${iccid}/compatible/${FR}`);

  const topUp = await ok('/orders', post(order('transaction', [iccid])));
  const bundlesQueued = await ok(`/esims/${iccid}/bundles?includeUsed=true`);
  const topUpReference = field<string>(topUp, 'orderReference');
  const assignments = field<{ id: string; assignmentReference: string }[]>(
    bundlesQueued,
    'bundles',
    0,
    'assignments',
  );
  const topUpAssignment = assignments.find((assignment) =>
    assignment.assignmentReference.startsWith(topUpReference),
  );
  const revokePath = `/esims/${iccid}/bundles/${FR}/assignments/${topUpAssignment?.id}`;
  const revokeCheck = await ok(`${revokePath}?type=validate`, { method: 'DELETE' });
  const revoke = await ok(`${revokePath}?type=transaction`, { method: 'DELETE' });

  const inventory = await ok('/inventory');
  const usageId = field<number>(inventory, 'bundles', 0, 'available', 0, 'id');
  const refund = await ok('/inventory/refund', post({ usageId, quantity: 1 }));
  const organisation = await ok('/organisation');
  const ordersList = await ok(`/orders?createdAt=gte:${since}&page=1&limit=10`);

  // The bundle in use for an hour, then 60% used: the simulator calls back at 1% and 50%.
  await paced(() => backdateEsim(shop.url, iccid, 1));
  const bundlesStarted = await ok(`/esims/${iccid}/bundles?includeUsed=true`);
  const before = callbacks.length;
  await setUsage(iccid, 60);

  return {
    catalogue,
    bundleDetail,
    validation,
    purchase,
    orderDetail,
    installDetails,
    esimReleased,
    locationNeverSeen,
    esimInstalled,
    locationSeen,
    refresh,
    compatibility,
    topUp,
    bundlesQueued,
    revokeCheck,
    revoke,
    inventory,
    refund,
    organisation,
    ordersList,
    bundlesStarted,
    callbacks: callbacks.slice(before),
  };
}

beforeAll(async () => {
  callbackServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      callbacks.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  const { port } = callbackServer.address() as AddressInfo;
  shop = await createTestApp({ ESIMGO_CALLBACK_URL: `http://127.0.0.1:${port}/callback` });
});

afterAll(async () => {
  await shop?.close();
  await new Promise((resolve) => callbackServer?.close(resolve));
});

// ---- what holds in every set of shapes ----

function shapeIndependentAnswers(answers: () => Journey): void {
  it('GET /catalogue: live pages, {bundles, pageCount, rows, pageSize}, where the document shows the bare array; each bundle is the array item, but for cents in its price and nested roaming countries', () => {
    const { catalogue } = answers();
    expect(checkAnswer('GET /catalogue', 200, catalogue)).toEqual({
      errors: ['/ must be array'],
      undeclared: [],
    });
    expect(Object.keys(catalogue as object).sort()).toEqual([
      'bundles',
      'pageCount',
      'pageSize',
      'rows',
    ]);
    const bundles = field<{ price: number }[]>(catalogue, 'bundles');
    expect(bundles.length).toBeGreaterThan(0);
    expect(bundles.some((bundle) => !Number.isInteger(bundle.price))).toBe(true);
    for (const bundle of bundles) {
      expect(checkComponentItem('CatalogueResponse', bundle)).toEqual({
        errors: Number.isInteger(bundle.price) ? [] : [PRICE_IN_CENTS],
        undeclared: NESTED_ROAMING,
      });
    }
  });

  it("GET /catalogue/bundle/{name}: BundleCatalogueResponse, but for cents in its price, nested roaming countries, and `groups` as the document's catalogue list names it (this schema says `group`)", () => {
    expect(checkAnswer('GET /catalogue/bundle/{name}', 200, answers().bundleDetail)).toEqual({
      errors: [PRICE_IN_CENTS],
      undeclared: ['/groups', ...NESTED_ROAMING],
    });
  });

  it("POST /orders: the document's oneOf holds for no order (both schemas require nothing and allow more), so each answer meets the branch the document's examples name", () => {
    const { validation, purchase, topUp } = answers();
    for (const body of [validation, purchase, topUp]) {
      expect(checkAnswer('POST /orders', 200, body).errors).toEqual([
        '/ must match exactly one schema in oneOf ({"passingSchemas":[0,1]})',
      ]);
    }
    // validateResponse and transactionResponse, the document's two examples of this answer.
    expect(checkComponent('OrderResponseValidate', validation)).toEqual(CONFORMS);
    expect(checkComponent('OrderResponseTransaction', purchase)).toEqual(CONFORMS);
    expect(checkComponent('OrderResponseTransaction', topUp)).toEqual(CONFORMS);
  });

  it('GET /orders/{orderReference}: OrderResponseTransaction', () => {
    expect(checkAnswer('GET /orders/{orderReference}', 200, answers().orderDetail)).toEqual(
      CONFORMS,
    );
  });

  it('GET /esims/{iccid}: eSIMDetailsResponse, before and after the profile is installed', () => {
    const { esimReleased, esimInstalled } = answers();
    expect(checkAnswer('GET /esims/{iccid}', 200, esimReleased)).toEqual(CONFORMS);
    expect(checkAnswer('GET /esims/{iccid}', 200, esimInstalled)).toEqual(CONFORMS);
    // Milliseconds since the epoch once installed; nothing (not null) before.
    expect(esimReleased).not.toHaveProperty('firstInstalledDateTime');
    expect(field<number>(esimInstalled, 'firstInstalledDateTime')).toBeGreaterThan(0);
  });

  it('GET /esims/{iccid}/location: LocationResponse, never seen and seen', () => {
    const { locationNeverSeen, locationSeen } = answers();
    expect(checkAnswer('GET /esims/{iccid}/location', 200, locationNeverSeen)).toEqual(CONFORMS);
    expect(checkAnswer('GET /esims/{iccid}/location', 200, locationSeen)).toEqual(CONFORMS);
    expect(locationNeverSeen).not.toHaveProperty('lastSeen');
    expect(locationSeen).toMatchObject({ country: 'FR', mobileNetworkCode: '20801' });
  });

  it('GET /esims/{iccid}/refresh: StatusMessage', () => {
    expect(checkAnswer('GET /esims/{iccid}/refresh', 200, answers().refresh)).toEqual(CONFORMS);
  });

  it('GET /esims/{iccid}/bundles: BundlesList, queued and started', () => {
    const { bundlesQueued, bundlesStarted } = answers();
    expect(checkAnswer('GET /esims/{iccid}/bundles', 200, bundlesQueued)).toEqual(CONFORMS);
    expect(checkAnswer('GET /esims/{iccid}/bundles', 200, bundlesStarted)).toEqual(CONFORMS);
    expect(field<string>(bundlesStarted, 'bundles', 0, 'assignments', 0, 'startTime')).toMatch(
      /Z$/,
    );
  });

  it('DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}: StatusMessage, to a check and to a revoke', () => {
    const { revokeCheck, revoke } = answers();
    const operation = 'DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}';
    expect(checkAnswer(operation, 200, revokeCheck)).toEqual(CONFORMS);
    expect(checkAnswer(operation, 200, revoke)).toEqual(CONFORMS);
  });

  it('GET /inventory: InventoryResponse, the revoked bundle in it', () => {
    const { inventory } = answers();
    expect(checkAnswer('GET /inventory', 200, inventory)).toEqual(CONFORMS);
    expect(field<string>(inventory, 'bundles', 0, 'name')).toBe(FR);
  });

  it("POST /inventory/refund: {message} as v2.2's page and one v2.4 rendering show it, where the document (and the other v2.4 rendering) says StatusMessage {status}", () => {
    // https://docs.esim-go.com/api/v2_4/operations/inventoryrefund: {"message": "<string>"};
    // https://staging-docs.esim-go.com/api/v2_4/operations/inventoryrefund/post: {"status": …}.
    const { refund } = answers();
    expect(checkAnswer('POST /inventory/refund', 200, refund)).toEqual({
      errors: [],
      undeclared: ['/message'],
    });
    expect(checkComponent('Message', refund)).toEqual(CONFORMS);
  });

  it("GET /organisation: v2.4's {organisations: [...]}, which the document does not show; each organisation is its OrganisationResponse, but for cents in the balance", () => {
    // https://docs.esim-go.com/api/v2_4/operations/organisation wraps it; .../organisation/get does not.
    const { organisation } = answers();
    expect(checkAnswer('GET /organisation', 200, organisation)).toEqual({
      errors: [],
      undeclared: ['/organisations'],
    });
    const organisations = field<unknown[]>(organisation, 'organisations');
    expect(organisations).toHaveLength(1);
    expect(checkComponent('OrganisationResponse', organisations[0])).toEqual({
      errors: [BALANCE_IN_CENTS],
      undeclared: [],
    });
  });

  it("the usage callback's body: the document's BundleAlert", () => {
    const sent = answers().callbacks;
    expect(sent).toHaveLength(2);
    for (const body of sent) expect(checkUsageCallback(body)).toEqual(CONFORMS);
  });

  it("the shop's client reads every answer", () => {
    const journey = answers();
    const reads: [z.ZodType, unknown][] = [
      [cataloguePageEnvelopeSchema, journey.catalogue],
      ...field<unknown[]>(journey.catalogue, 'bundles').map((bundle): [z.ZodType, unknown] => [
        catalogueBundleSchema,
        bundle,
      ]),
      [orderValidationSchema, journey.validation],
      [orderResponseSchema, journey.purchase],
      [orderResponseSchema, journey.orderDetail],
      [orderResponseSchema, journey.topUp],
      [ordersPageSchema, journey.ordersList],
      [installDetailsSchema, journey.installDetails],
      [esimDetailsSchema, journey.esimReleased],
      [esimDetailsSchema, journey.esimInstalled],
      [esimLocationSchema, journey.locationNeverSeen],
      [esimLocationSchema, journey.locationSeen],
      [refreshAnswerSchema, journey.refresh],
      [compatibilityAnswerSchema, journey.compatibility],
      [esimBundlesSchema, journey.bundlesQueued],
      [esimBundlesSchema, journey.bundlesStarted],
      [revokeAnswerSchema, journey.revokeCheck],
      [revokeAnswerSchema, journey.revoke],
      [inventorySchema, journey.inventory],
      [messageAnswerSchema, journey.refund],
      [organisationAnswerSchema, journey.organisation],
      ...journey.callbacks.map((body): [z.ZodType, unknown] => [usageCallbackSchema, body]),
    ];
    for (const [schema, body] of reads) {
      const read = schema.safeParse(body);
      expect(read.success, `${JSON.stringify(body)}: ${read.error?.message}`).toBe(true);
    }
    expect(compatibilityAnswerSchema.parse(journey.compatibility)).toBe(true);
  });
}

// ---- each set of shapes ----

describe('in the default shapes (the least kind)', () => {
  let answers: Journey;
  beforeAll(async () => {
    answers = await journey({
      assignmentReference: 'suffixed',
      installDetails: 'object',
      ordersList: 'bare',
      compatibility: 'message',
      callbackBundleId: 'absent',
    });
  }, 60_000);

  shapeIndependentAnswers(() => answers);

  it("GET /esims/assignments object: eSIMDetailsInstallResponse, with the CSV's `bundle` and `reference` besides", () => {
    // The document's own Assignments schema (no path uses it) names both fields; the shop reads neither.
    expect(checkAnswer('GET /esims/assignments', 200, answers.installDetails)).toEqual({
      errors: [],
      undeclared: ['/bundle', '/reference'],
    });
  });

  it('GET /orders bare: the v2.4 rendering the document does not show; each order is OrderResponseTransaction', () => {
    const { ordersList } = answers;
    expect(checkAnswer('GET /orders', 200, ordersList)).toEqual({
      errors: ['/ must be object'],
      undeclared: [],
    });
    const orders = ordersList as unknown[];
    // The purchase, the top-up and the refund from the inventory.
    expect(orders).toHaveLength(3);
    for (const each of orders)
      expect(checkComponent('OrderResponseTransaction', each)).toEqual(CONFORMS);
  });

  it("GET /esims/{iccid}/compatible/{bundle} message: v2.2's, v2.3's and one v2.4 rendering's {message}, without the `compatible` the document requires", () => {
    expect(
      checkAnswer('GET /esims/{iccid}/compatible/{bundle}', 200, answers.compatibility),
    ).toEqual({ errors: ["/ must have required property 'compatible'"], undeclared: ['/message'] });
    expect(checkComponent('Message', answers.compatibility)).toEqual(CONFORMS);
  });

  it("names each assignment by its order's reference and -0, as v2.4's example does", () => {
    const reference = field<string>(answers.purchase, 'orderReference');
    expect(
      field<string>(answers.bundlesStarted, 'bundles', 0, 'assignments', 0, 'assignmentReference'),
    ).toBe(`${reference}-0`);
  });

  it('calls back without the bundle id and reference, as the Notifications page shows', () => {
    for (const body of answers.callbacks) expect(body).not.toHaveProperty('bundle.id');
  });
});

describe('in the other documented shapes', () => {
  let answers: Journey;
  beforeAll(async () => {
    answers = await journey({
      assignmentReference: 'plain',
      installDetails: 'array',
      ordersList: 'paged',
      compatibility: 'boolean',
      callbackBundleId: 'present',
    });
  }, 60_000);

  shapeIndependentAnswers(() => answers);

  it("GET /esims/assignments array: the document shows one object, not a list; each is eSIMDetailsInstallResponse with the CSV's `bundle` and `reference` besides", () => {
    expect(checkAnswer('GET /esims/assignments', 200, answers.installDetails)).toEqual({
      errors: ['/ must be object'],
      undeclared: [],
    });
    const details = answers.installDetails as unknown[];
    expect(details).toHaveLength(1);
    expect(checkComponent('eSIMDetailsInstallResponse', details[0])).toEqual({
      errors: [],
      undeclared: ['/bundle', '/reference'],
    });
  });

  it('GET /orders paged: the other v2.4 rendering, orders in an envelope the document does not declare; each order is OrderResponseTransaction', () => {
    const { ordersList } = answers;
    expect(checkAnswer('GET /orders', 200, ordersList)).toEqual({
      errors: [],
      undeclared: ['/orders', '/pageCount', '/pageSize', '/rows'],
    });
    const orders = field<unknown[]>(ordersList, 'orders');
    expect(orders).toHaveLength(3);
    for (const each of orders)
      expect(checkComponent('OrderResponseTransaction', each)).toEqual(CONFORMS);
  });

  it('GET /esims/{iccid}/compatible/{bundle} boolean: CompatibilityResponse', () => {
    expect(
      checkAnswer('GET /esims/{iccid}/compatible/{bundle}', 200, answers.compatibility),
    ).toEqual(CONFORMS);
    expect(answers.compatibility).toEqual({ compatible: true });
  });

  it("names each assignment by its order's reference alone", () => {
    const reference = field<string>(answers.purchase, 'orderReference');
    expect(
      field<string>(answers.bundlesStarted, 'bundles', 0, 'assignments', 0, 'assignmentReference'),
    ).toBe(reference);
  });

  it('calls back with the bundle id and reference, as the V3 callback page shows', () => {
    for (const body of answers.callbacks) expect(body).toHaveProperty('bundle.id');
  });
});

// ---- failures ----

interface FailingCall {
  operation: Operation;
  path: string;
  init?: RequestInit;
}

/** One call of each operation, whatever it finds: a fault or a wrong key answers before the handler. */
const EACH_OPERATION: FailingCall[] = [
  { operation: 'GET /catalogue', path: '/catalogue?perPage=1' },
  { operation: 'GET /catalogue/bundle/{name}', path: `/catalogue/bundle/${FR}` },
  { operation: 'POST /orders', path: '/orders', init: post(order('validate')) },
  { operation: 'GET /orders', path: '/orders?page=1&limit=1' },
  { operation: 'GET /orders/{orderReference}', path: '/orders/no-such-order' },
  { operation: 'GET /esims/assignments', path: '/esims/assignments?reference=no-such-order' },
  { operation: 'GET /esims/{iccid}', path: `/esims/${UNKNOWN_ICCID}` },
  { operation: 'GET /esims/{iccid}/bundles', path: `/esims/${UNKNOWN_ICCID}/bundles` },
  { operation: 'GET /esims/{iccid}/location', path: `/esims/${UNKNOWN_ICCID}/location` },
  { operation: 'GET /esims/{iccid}/refresh', path: `/esims/${UNKNOWN_ICCID}/refresh` },
  {
    operation: 'DELETE /esims/{iccid}/bundles/{name}/assignments/{assignmentId}',
    path: `/esims/${UNKNOWN_ICCID}/bundles/${FR}/assignments/1`,
    init: { method: 'DELETE' },
  },
  { operation: 'GET /organisation', path: '/organisation' },
  { operation: 'GET /inventory', path: '/inventory' },
  {
    operation: 'POST /inventory/refund',
    path: '/inventory/refund',
    init: post({ usageId: 999_999, quantity: 1 }),
  },
  {
    operation: 'GET /esims/{iccid}/compatible/{bundle}',
    path: `/esims/${UNKNOWN_ICCID}/compatible/${FR}`,
  },
];

/** The operations that can answer 400 here, each with a call that earns one. */
const REFUSED: FailingCall[] = [
  { operation: 'GET /catalogue/bundle/{name}', path: '/catalogue/bundle/no_such_bundle' },
  {
    operation: 'POST /orders',
    path: '/orders',
    init: post({
      ...order('transaction'),
      order: [{ type: 'bundle', item: 'no_such', quantity: 1 }],
    }),
  },
  ...EACH_OPERATION.filter(
    (each) => each.path.includes(UNKNOWN_ICCID) || each.path.includes('no-such-order'),
  ),
  {
    operation: 'POST /inventory/refund',
    path: '/inventory/refund',
    init: post({ usageId: 999_999, quantity: 1 }),
  },
];

/** Refusals of a request the simulator could not read at all: the shop's one error handler adds `errors`. */
const MALFORMED: FailingCall[] = [
  { operation: 'GET /catalogue', path: '/catalogue?perPage=0' },
  { operation: 'GET /orders', path: '/orders?createdAt=yesterday' },
];

function expectMessage(
  { operation, path, init }: FailingCall,
  status: number,
  answer: Answer,
  verdict: Verdict = CONFORMS,
) {
  expect(answer.status, `${operation} ${path}`).toBe(status);
  expect(documentedStatuses(operation), operation).toContain(String(status));
  expect(
    checkAnswer(operation, status, answer.body),
    `${operation} ${path} ${init?.method ?? ''}`,
  ).toEqual(verdict);
}

describe('failures', () => {
  it('answers a wrong API key with the document’s Message, 403 wherever the document says 403', async () => {
    for (const each of EACH_OPERATION.filter((call) => call.operation !== 'POST /orders')) {
      expectMessage(each, 403, await call(each.path, each.init, 'not-the-key'));
    }
  });

  it('POST /orders with a wrong key: 403 like every other call, where its page documents only 401 Unauthorized (and no 403)', async () => {
    const [purchase] = EACH_OPERATION.filter((each) => each.operation === 'POST /orders');
    const answer = await call('/orders', purchase?.init, 'not-the-key');
    expect(answer.status).toBe(403);
    expect(documentedStatuses('POST /orders')).toEqual(['200', '400', '401', '503']);
    expect(checkComponent('Message', answer.body)).toEqual(CONFORMS);
  });

  it('refuses what it cannot do with a 400 and the document’s Message', async () => {
    for (const each of REFUSED) expectMessage(each, 400, await call(each.path, each.init));
  });

  it('refuses a request it cannot read with a 400 Message, plus the field `errors` the shop’s error handler adds', async () => {
    for (const each of MALFORMED) {
      expectMessage(each, 400, await call(each.path, each.init), {
        errors: [],
        undeclared: ['/errors'],
      });
    }
  });

  it("answers 503 Processing with the document's Message, the reads and an order whose answer is late", async () => {
    await paced(() => setFault(shop.url, { mode: 'processing' }));
    try {
      for (const each of EACH_OPERATION.filter((call) => !call.init?.method)) {
        expectMessage(each, 503, await call(each.path, each.init));
      }
    } finally {
      await paced(() => clearFault(shop.url));
    }
    await paced(() => setFault(shop.url, { mode: 'processingAfterOrder', count: 1 }));
    const late = await call('/orders', post(order('transaction')));
    expectMessage({ operation: 'POST /orders', path: '/orders' }, 503, late);
    // The document writes the failures of POST /orders as text/plain; the schema is Message all the same.
    expect(documentedMediaTypes('POST /orders', 503)).toEqual(['text/plain']);
  });

  it('answers 429 with the document’s Message, where POST /orders documents no 429 at all', async () => {
    // On POST /orders the fault hits the check this call makes, not purchases alone.
    await paced(() => setFault(shop.url, { mode: 'rateLimit', orderType: 'validate' }));
    try {
      for (const each of EACH_OPERATION) {
        const answer = await call(each.path, each.init);
        if (each.operation === 'POST /orders') {
          expect(answer.status).toBe(429);
          expect(documentedStatuses('POST /orders')).not.toContain('429');
          expect(checkComponent('Message', answer.body)).toEqual(CONFORMS);
        } else {
          expectMessage(each, 429, answer);
        }
      }
    } finally {
      await paced(() => clearFault(shop.url));
    }
  });
});
