/**
 * The eSIM Go v2.4 subset the simulator speaks, plus its control endpoints: zod schemas for what
 * comes in, types for what goes out. This is the provider's protocol, not the shop's contract.
 */
import { z } from 'zod';
import {
  assignmentReferenceShapes,
  callbackBundleIdShapes,
  compatibilityShapes,
  esimGoFaultModes,
  esimGoOrderRequestTypes,
  esimGoProfileStatuses,
  installDetailsShapes,
  ordersListShapes,
} from '../../db/schema/esimgo-sandbox';
import type { ProviderBundle } from './catalogue/generate-catalogue';
import type { BundleState } from './usage';

export type ProfileStatus = (typeof esimGoProfileStatuses)[number];
export type FaultMode = (typeof esimGoFaultModes)[number];
export type OrderRequestType = (typeof esimGoOrderRequestTypes)[number];

// eSIM Go's documented example page size; 1000 keeps one page under a megabyte of JSON.
export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 1000;
const MAX_QUANTITY = 100;

// Query strings are not strict: real clients send parameters the simulator ignores (orderBy).
export const catalogueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  countries: z.string().optional(),
  region: z.string().optional(),
  group: z.string().optional(),
  description: z.string().optional(),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const bundleParamsSchema = z.object({ name: z.string().min(1) });
export const iccidParamsSchema = z.object({ iccid: z.string().min(1) });
export const assignmentsQuerySchema = z.object({ reference: z.string().min(1) });
export const orderReferenceParamsSchema = z.object({ orderReference: z.string().min(1) });

const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

// "By default this returns the 15 most recent bundle assignments. Use limit (max 200) to fetch
// more, and includeUsed=true to include expired and depleted bundles in the response."
// https://docs.esim-go.com/guides/bundle_status/
export const DEFAULT_BUNDLE_ASSIGNMENTS = 15;
export const MAX_BUNDLE_ASSIGNMENTS = 200;
export const esimBundlesQuerySchema = z.object({
  includeUsed: queryFlag,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_BUNDLE_ASSIGNMENTS)
    .default(DEFAULT_BUNDLE_ASSIGNMENTS),
});
export type EsimBundlesQuery = z.infer<typeof esimBundlesQuerySchema>;

// List orders: page, limit (the API page says limit, its Postman collection perPage) and
// createdAt=gte:<ISO>&createdAt=lte:<ISO>; eSIM data is included by default since v2.3.0.
// https://docs.esim-go.com/api/v2_4/operations/orders/get/
export const DEFAULT_ORDERS_PER_PAGE = 10;
const createdAtBound = z
  .string()
  .regex(/^(gte|lte):\d{4}-\d\d-\d\dT[^\s]+$/, 'createdAt takes gte:<date-time> or lte:<date-time>')
  .refine((bound) => !Number.isNaN(Date.parse(bound.slice(4))), 'createdAt names no valid date');
export const ordersListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
  includeIccids: queryFlag,
  createdAt: z.union([createdAtBound, z.array(createdAtBound).max(2)]).optional(),
});
export type OrdersListQuery = z.infer<typeof ordersListQuerySchema>;

const orderLineSchema = z
  .strictObject({
    type: z.literal('bundle'),
    item: z.string().min(1),
    quantity: z.number().int().min(1).max(MAX_QUANTITY),
    iccids: z.array(z.string().min(1)).min(1).optional(),
    allowReassign: z.boolean().optional(),
  })
  .refine((line) => !line.iccids || line.iccids.length === line.quantity, {
    message: 'iccids must list one ICCID per unit of quantity',
    path: ['iccids'],
  });

export const orderRequestSchema = z.strictObject({
  type: z.enum(['validate', 'transaction']),
  // The simulator keeps no bundle inventory, so bundles are always assigned to eSIMs.
  assign: z.literal(true, { error: 'The simulator supports only assign: true' }),
  order: z.array(orderLineSchema).min(1).max(10),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;
export type OrderRequestLine = OrderRequest['order'][number];

export const clockAdvanceSchema = z
  .strictObject({
    hours: z.number().min(0).optional(),
    minutes: z.number().min(0).optional(),
  })
  .refine((body) => (body.hours ?? 0) + (body.minutes ?? 0) > 0, {
    message: 'Give hours or minutes to move the clock forward by',
  });

export const faultRequestSchema = z.strictObject({
  mode: z.enum(esimGoFaultModes),
  /** How many of the next provider calls fail; omitted: all of them until reset. */
  count: z.number().int().min(1).optional(),
  /**
   * Only calls to this route, as method and path pattern ('GET /esims/:iccid/bundles'), e.g. a
   * provider that answers the install check and fails the revoke; omitted: every call.
   */
  route: z
    .string()
    .regex(/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/)
    .optional(),
  retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
  /** async mode: how long a new order stays processing before its eSIMs exist. */
  asyncDelayMs: z.number().int().min(0).max(600_000).optional(),
  /**
   * POST /orders only: whether the fault hits purchases ('transaction', the default, so a
   * fault armed for a purchase is not used up by the shop's check before payment) or the
   * checks ('validate').
   */
  orderType: z.enum(esimGoOrderRequestTypes).optional(),
});
export type FaultRequest = z.infer<typeof faultRequestSchema>;

/**
 * Test control: calls a second each client IP may make to the provider API (eSIM Go's is 10,
 * the default), or null for no limit.
 */
export const rateLimitRequestSchema = z.strictObject({
  perSecond: z.number().int().min(1).max(100_000).nullable(),
});
export type RateLimitRequest = z.infer<typeof rateLimitRequestSchema>;

/**
 * Test control: the shape of answers eSIM Go's pages show in more than one form. Each field
 * left out keeps its shape; the defaults are the least convenient forms.
 */
export const shapesRequestSchema = z.strictObject({
  /**
   * 'suffixed': an assignment names its order by the order's reference and `-0`, as v2.4's
   * example of GET /esims/{iccid}/bundles does and the release notes' `bundleAssignment` items
   * (https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundles/get,
   * https://docs.esim-go.com/releases/history_release_notes); 'plain': the reference alone.
   */
  assignmentReference: z.enum(assignmentReferenceShapes).optional(),
  /**
   * GET /esims/assignments as JSON: 'object', one eSIM's details as v2.4's example shows them
   * (https://docs.esim-go.com/api/v2_4/operations/esimsassignments/get; several eSIMs still
   * come as an array), or 'array' of them.
   */
  installDetails: z.enum(installDetailsShapes).optional(),
  /**
   * GET /orders: 'bare', the orders alone as one rendering of v2.4 shows them, or 'paged',
   * `{orders, pageCount, pageSize, rows}` as another does
   * (https://docs.esim-go.com/api/v2_4/operations/orders/get).
   */
  ordersList: z.enum(ordersListShapes).optional(),
  /**
   * The usage callback's bundle: 'absent', without `id` and `reference`, as the Notifications
   * page shows it (https://docs.esim-go.com/api/notifications/operations/utilisation), or
   * 'present', with them, as V3's callback page does
   * (https://docs.esim-go.com/api/v2_4/operations/your-usage-callback-url).
   */
  callbackBundleId: z.enum(callbackBundleIdShapes).optional(),
  /**
   * GET /esims/{iccid}/compatible/{bundle}: 'message', `{message}` alone, as v2.2, v2.3 and one
   * rendering of v2.4 show it (https://docs.esim-go.com/api/v2_4/operations/esimsiccidcompatiblebundle),
   * or 'boolean', `{compatible}`, as the other v2.4 rendering does
   * (https://docs.esim-go.com/api/v2_4/operations/esimsiccidcompatiblebundle/get).
   */
  compatibility: z.enum(compatibilityShapes).optional(),
});
export type ShapesRequest = z.infer<typeof shapesRequestSchema>;

const bundleNames = z.array(z.string().min(1).max(200)).max(1000);

/**
 * Test control: the catalogue as it changed since the shop last synced it. Each field given
 * replaces the one stored; bundles not named keep their generated state.
 */
export const catalogueChangesRequestSchema = z.strictObject({
  withdrawn: bundleNames.optional(),
  prices: z.record(z.string().min(1).max(200), z.number().positive().max(1e6)).optional(),
  incompatible: bundleNames.optional(),
});
export type CatalogueChangesRequest = z.infer<typeof catalogueChangesRequestSchema>;

/** Test control: this eSIM's bundles were assigned `hours` earlier than they were. */
export const backdateRequestSchema = z.strictObject({
  hours: z
    .number()
    .positive()
    .max(24 * 365),
});

export const profileStatusRequestSchema = z.strictObject({
  profileStatus: z.enum(esimGoProfileStatuses),
});

export interface CataloguePage {
  bundles: ProviderBundle[];
  pageCount: number;
  /** Bundles matching the filters, over all pages. */
  rows: number;
  pageSize: number;
}

export interface OrderedEsim {
  iccid: string;
  matchingId: string;
  smdpAddress: string;
}

export interface OrderLineResult {
  /** bundleRefund: a bundle refunded from the inventory to the balance, listed as an order. */
  type: 'bundle' | 'bundleRefund';
  item: string;
  quantity: number;
  subTotal: number;
  pricePerUnit: number;
  /**
   * Capitalised in answers (the request says `allowReassign`): every response schema and example
   * of v2.4 and v2.5 writes `AllowReassign`
   * (https://staging-docs.esim-go.com/api/v2_4/operations/orders/post; OrderResponseValidate and
   * OrderResponseTransaction of esim_go_schema_v2_5.yaml, https://docs.esim-go.com/api/v2_5).
   */
  AllowReassign: boolean;
  /** Transactions only: the eSIMs the bundle went to. */
  iccids?: string[];
  esims?: OrderedEsim[];
}

export interface OrderResult {
  order: OrderLineResult[];
  total: number;
  /** The organisation's: its balance's and its prices'. */
  currency: string;
  createdDate: string;
  assigned: boolean;
  /** Validation only. */
  valid?: true;
  /** Transactions only; processing: no eSIMs yet (the async fault); failed: none ever (failedOrder). */
  status?: 'completed' | 'processing' | 'failed';
  statusMessage?: string;
  orderReference?: string;
}

export interface OrdersPage {
  orders: OrderResult[];
  pageCount: number;
  pageSize: number;
  /** Orders matching the filters, over all pages. */
  rows: number;
}

export interface EsimDetails {
  iccid: string;
  matchingId: string;
  smdpAddress: string;
  profileStatus: ProfileStatus;
  pin: string;
  puk: string;
  /**
   * Milliseconds since the epoch, e.g. 1723541877280; absent until the profile is first installed:
   * v2.5's document types it `integer` (int64), not nullable, so null is no answer it allows
   * (https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get; eSIMDetailsResponse of
   * esim_go_schema_v2_5.yaml, https://docs.esim-go.com/api/v2_5).
   */
  firstInstalledDateTime?: number;
}

export interface AssignmentView {
  id: string;
  assignmentReference: string;
  /** Bytes; -1 when unlimited. */
  initialQuantity: number;
  /** Bytes; -1 when unlimited. */
  remainingQuantity: number;
  assignmentDateTime: string;
  /**
   * When the bundle started and when its duration ends, RFC 3339 in UTC; "will not be displayed
   * in response if bundle has not been started"
   * (https://docs.esim-go.com/api/v2_3/operations/esimsiccidbundles/get, fields listed for v2.4
   * at https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundles/get/).
   */
  startTime?: string;
  endTime?: string;
  bundleState: BundleState;
  unlimited: boolean;
}

export interface AppliedBundle {
  name: string;
  description: string;
  assignments: AssignmentView[];
}

export interface InstallDetails {
  iccid: string;
  matchingId: string;
  smdpAddress: string;
  profileStatus: ProfileStatus;
  bundle: string;
  reference: string;
}

export interface ClockState {
  /** The simulator's time, ISO 8601. */
  now: string;
  offsetMs: number;
}

export interface FaultState {
  mode: FaultMode;
  /** Provider calls still affected; null: every call until reset. */
  remaining: number | null;
  /** The one route it affects ('GET /esims/:iccid/bundles'); null: every call. */
  route: string | null;
  retryAfterSeconds: number;
  asyncDelayMs: number;
  /** Which orders a fault on POST /orders affects. */
  orderType: OrderRequestType;
}

// ---- network attachment (the connection doctor) ----

/**
 * Test control: the phone attached to a network (a name, its MCC+MNC, the ISO country, and
 * optionally how long ago it was last seen there), or it is attached nowhere.
 */
export const attachmentRequestSchema = z.discriminatedUnion('attached', [
  z.strictObject({
    attached: z.literal(true),
    networkName: z.string().trim().min(1).max(100),
    networkBrandName: z.string().trim().min(1).max(100).optional(),
    mobileNetworkCode: z
      .string()
      .regex(/^\d{5,6}$/, 'mobileNetworkCode is MCC and MNC, 5 or 6 digits'),
    country: z.string().regex(/^[A-Z]{2}$/, 'country is an ISO 3166-1 alpha-2 code'),
    lastSeenMinutesAgo: z
      .number()
      .min(0)
      .max(60 * 24 * 365)
      .optional(),
  }),
  z.strictObject({ attached: z.literal(false) }),
]);
export type AttachmentRequest = z.infer<typeof attachmentRequestSchema>;

/**
 * GET /esims/{iccid}/location: the last known network and when the eSIM was last seen on it.
 * https://docs.esim-go.com/api/v2_4/operations/esimsiccidlocation/get lists mobileNetworkCode,
 * networkName, country and lastSeen, all strings; networkBrandName is sent as well.
 */
export interface EsimLocation {
  mobileNetworkCode: string;
  networkName: string;
  networkBrandName: string;
  country: string;
  /**
   * ISO 8601; absent while the eSIM was never seen on a network, when the other fields are empty:
   * v2.5's document types it `date-time`, which an empty text is not (LocationResponse of
   * esim_go_schema_v2_5.yaml, https://docs.esim-go.com/api/v2_5).
   */
  lastSeen?: string;
}

/** GET /esims/{iccid}/refresh: https://docs.esim-go.com/api/v2_5/operations/esimsiccidrefresh/get */
export interface RefreshAnswer {
  status: 'Successfully refreshed SIM';
}

// ---- revocation (the shop's self-service refund) ----

export const revokeBundleParamsSchema = z.object({
  iccid: z.string().min(1),
  // Bundle names are case sensitive, as eSIM Go notes on both revoke pages.
  name: z.string().min(1),
});
export const revokeAssignmentParamsSchema = revokeBundleParamsSchema.extend({
  assignmentId: z.string().min(1),
});

/**
 * "type validate will provide options for the revoke and the behaviours, if any. type
 * transaction will execute the revoke. Defaults to transaction"; refundToBalance and offerId
 * are accepted and change nothing, as on an account whose refund functionality is disabled (the
 * default). https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesname/delete/
 */
export const revokeQuerySchema = z.object({
  type: z.enum(['validate', 'transaction']).default('transaction'),
  refundToBalance: z.string().optional(),
  offerId: z.string().optional(),
});
export type RevokeType = z.infer<typeof revokeQuerySchema>['type'];

/** 200 `{ "status": "<string>" }` for a validation and a revoke alike. */
export interface RevokeAnswer {
  status: string;
}
