/**
 * What eSIM Go v2.4 answers, checked loosely: the fields the shop reads must be there with
 * the right type; anything else the provider adds passes through untouched.
 */
import { z } from 'zod';

const countrySchema = z.looseObject({
  name: z.string(),
  /** The provider's continental region of the country ("Europe", "Middle East"…). */
  region: z.string().default(''),
  iso: z.string(),
});

/** A network a bundle uses in a country: `name`, with `brandName` and `speeds` when given. */
const catalogueNetworkSchema = z.looseObject({
  name: z.string(),
  brandName: z.string().nullish(),
  /** "2G", "3G", "4G", "5G"… */
  speeds: z.array(z.string()).nullish(),
});

const networksField = z.array(catalogueNetworkSchema).nullish();

/**
 * One country of a bundle, in either of the provider's two forms, read as one: the flat
 * `{name, region, iso}` of the v2.4 reference (https://docs.esim-go.com/api/v2_4/operations/catalogue/get/),
 * or the `{country: {name, region, iso}, networks: [{name, brandName, speeds}], potentialNetworks}`
 * that live catalogues answer with (decision 0015). `networks` is undefined when not given.
 */
export const bundleCountrySchema = z.union([
  z
    .looseObject({ country: countrySchema, networks: networksField })
    .transform(({ country, networks }) => countryWithNetworks(country, networks)),
  countrySchema
    .extend({ networks: networksField })
    .transform(({ networks, ...country }) => countryWithNetworks(country, networks)),
]);

function countryWithNetworks(
  { name, region, iso }: z.infer<typeof countrySchema>,
  networks: CatalogueNetwork[] | null | undefined,
) {
  return { name, region, iso, networks: networks ?? undefined };
}
export type BundleCountry = z.infer<typeof bundleCountrySchema>;
export type CatalogueNetwork = z.infer<typeof catalogueNetworkSchema>;

export const catalogueBundleSchema = z
  .looseObject({
    name: z.string().min(1),
    description: z.string().default(''),
    groups: z.array(z.string()).default([]),
    countries: z.array(bundleCountrySchema).default([]),
    /** MB; -1 for unlimited. */
    dataAmount: z.number(),
    /** Days. */
    duration: z.number(),
    /** The bundle's speeds ("4G", "5G"), when given. */
    speed: z.array(z.string()).nullish(),
    unlimited: z.boolean().default(false),
    autostart: z.boolean().default(true),
    /** Countries the bundle roams in, in the same forms as `countries`. */
    roamingEnabled: z.array(bundleCountrySchema).nullish(),
    /** USD. */
    price: z.number().nonnegative(),
    imageUrl: z.string().default(''),
  })
  // Each country gets its networks from whichever list names them: `countries`, else `roamingEnabled`.
  .transform((bundle) => {
    const roaming = new Map((bundle.roamingEnabled ?? []).map((entry) => [entry.iso, entry]));
    for (const country of bundle.countries) {
      country.networks ??= roaming.get(country.iso)?.networks;
    }
    return bundle;
  });
export type CatalogueBundle = z.infer<typeof catalogueBundleSchema>;

export const cataloguePageSchema = z.looseObject({
  bundles: z.array(catalogueBundleSchema),
  pageCount: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  pageSize: z.number().int().nonnegative().optional(),
});

/** A catalogue page with its bundles not yet checked: the client checks them one by one. */
export const cataloguePageEnvelopeSchema = cataloguePageSchema.extend({
  bundles: z.array(z.unknown()),
});

export const orderRequestSchema = z.object({
  type: z.enum(['validate', 'transaction']),
  assign: z.boolean(),
  order: z.array(
    z.object({
      type: z.literal('bundle'),
      /** The bundle name. */
      item: z.string().min(1),
      quantity: z.number().int().positive(),
      /** Top-up: the eSIM to apply the bundle to. */
      iccids: z.array(z.string()).optional(),
      allowReassign: z.boolean(),
    }),
  ),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/**
 * A moment as eSIM Go writes it, normalised to ISO 8601: `GET /esims/{iccid}` gives milliseconds
 * since the epoch (1723541877280, https://docs.esim-go.com/api/v2_4/operations/esimsiccid/get),
 * the install details give ISO text (https://docs.esim-go.com/api/v2_4/operations/esimsassignments/get).
 */
export const providerInstantSchema = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value, context) => {
    if (value === null || value === undefined || value === '') return undefined;
    // Milliseconds may come as digits in a string too.
    const at = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
    if (Number.isNaN(at.getTime())) {
      context.addIssue({ code: 'custom', message: `${value} is not a time` });
      return z.NEVER;
    }
    return at.toISOString();
  });

export const orderedEsimSchema = z.looseObject({
  iccid: z.string(),
  matchingId: z.string(),
  smdpAddress: z.string(),
});

const orderLineSchema = z.looseObject({
  /** bundle for a purchase; bundleRefund for a bundle refunded from the inventory. */
  type: z.string().optional(),
  /** The bundle name. */
  item: z.string().default(''),
  quantity: z.number().default(0),
  /** Present once the order's bundles are assigned (from v2.3 by default). */
  esims: z.array(orderedEsimSchema).default([]),
  iccids: z.array(z.string()).default([]),
});

/**
 * POST /orders, GET /orders/{ref} and each order of GET /orders. An order may answer with no
 * eSIMs yet and complete later (https://docs.esim-go.com/api/v2_4/operations/orders/post).
 */
export const orderResponseSchema = z.looseObject({
  order: z.array(orderLineSchema).default([]),
  total: z.number(),
  currency: z.string(),
  status: z.string(),
  statusMessage: z.string().optional(),
  orderReference: z.string().default(''),
  createdDate: z.string().optional(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/**
 * POST /orders with `type: validate`: "A successful validate response includes a total value.
 * If validation fails, the response explains why" (https://www.docs.esim-go.com/quick_start/):
 * no reference and no status; `valid` where the example shows it, and false is a refusal.
 */
export const orderValidationSchema = z.looseObject({
  total: z.number(),
  currency: z.string().optional(),
  valid: z.boolean().optional(),
  message: z.string().optional(),
});
export type OrderValidation = z.infer<typeof orderValidationSchema>;

/**
 * GET /esims/{iccid}/compatible/{bundle}, in each form the pages show: `{compatible}` (one v2.4
 * rendering, https://docs.esim-go.com/api/v2_4/operations/esimsiccidcompatiblebundle/get) or
 * `{message}` alone (v2.2, v2.3, the other v2.4 rendering), which says nothing about what the
 * message holds. Read as true, false, or undefined when a message says neither.
 */
export const compatibilityAnswerSchema = z
  .looseObject({ compatible: z.boolean().optional(), message: z.string().optional() })
  .transform(({ compatible, message }): boolean | undefined => {
    if (compatible !== undefined) return compatible;
    if (message === undefined) return undefined;
    if (/\b(not|in)\s*compatible\b/i.test(message)) return false;
    return /\bcompatible\b/i.test(message) ? true : undefined;
  });

/** GET /orders: https://docs.esim-go.com/api/v2_4/operations/orders/get/ */
/**
 * GET /orders, in either form v2.4's pages render: `{orders, pageCount, pageSize, rows}` or the
 * orders alone (https://docs.esim-go.com/api/v2_4/operations/orders/get); read as the first.
 */
export const ordersPageSchema = z.union([
  z.looseObject({
    orders: z.array(orderResponseSchema),
    pageCount: z.number().int().nonnegative().optional(),
    rows: z.number().int().nonnegative().optional(),
  }),
  z
    .array(orderResponseSchema)
    .transform((orders): { orders: typeof orders; pageCount?: number; rows?: number } => ({
      orders,
    })),
]);
export type OrdersPage = z.infer<typeof ordersPageSchema>;

const installDetailSchema = z.looseObject({
  iccid: z.string(),
  matchingId: z.string(),
  smdpAddress: z.string(),
  profileStatus: z.string().optional(),
  firstInstalledDateTime: providerInstantSchema,
});

/**
 * GET /esims/assignments?reference= with Accept: application/json: v2.4's example is one
 * object (https://docs.esim-go.com/api/v2_4/operations/esimsassignments/get), an order of
 * several eSIMs gives several; read as a list either way.
 */
export const installDetailsSchema = z.union([
  z.array(installDetailSchema),
  installDetailSchema.transform((detail) => [detail]),
]);
export type InstallDetails = z.infer<typeof installDetailsSchema>;

export const esimDetailsSchema = z.looseObject({
  iccid: z.string(),
  matchingId: z.string(),
  smdpAddress: z.string(),
  /** Released, Downloaded, Installed, Unavailable, Deactivated; kept open to new values. */
  profileStatus: z.string(),
  pin: z.string().optional(),
  puk: z.string().optional(),
  /** ISO 8601, whichever way the provider wrote it; absent until first installed. */
  firstInstalledDateTime: providerInstantSchema,
});
export type EsimDetails = z.infer<typeof esimDetailsSchema>;

export const bundleAssignmentSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  assignmentReference: z.string().optional(),
  /** Bytes. */
  initialQuantity: z.number(),
  /** Bytes. */
  remainingQuantity: z.number(),
  assignmentDateTime: z.string().nullish(),
  /**
   * When the bundle started and when its duration ends, as ISO 8601. "Will not be displayed in
   * response if bundle has not been started", and the end "can be empty if assignment has no
   * endTime" (https://docs.esim-go.com/api/v2_3/operations/esimsiccidbundles/get; the v2.4 page,
   * https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundles/get/, lists both fields).
   */
  startTime: providerInstantSchema,
  endTime: providerInstantSchema,
  /** processing, queued, active, depleted, expired, revoked, lapsed; shown as returned. */
  bundleState: z.string(),
  unlimited: z.boolean().default(false),
});

export const esimBundlesSchema = z.looseObject({
  bundles: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string().default(''),
      assignments: z.array(bundleAssignmentSchema).default([]),
    }),
  ),
});
export type EsimBundles = z.infer<typeof esimBundlesSchema>;

/** Empty text is what a provider sends for "unknown": read as absent. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * GET /esims/{iccid}/location: the network the eSIM was last seen on, all fields strings
 * (https://docs.esim-go.com/api/v2_4/operations/esimsiccidlocation/get). Fields are optional
 * and empty ones absent: an eSIM never seen on a network has no location to give.
 */
export const esimLocationSchema = z.looseObject({
  mobileNetworkCode: optionalText,
  networkName: optionalText,
  networkBrandName: optionalText,
  country: optionalText,
  lastSeen: providerInstantSchema,
});
export type EsimLocation = z.infer<typeof esimLocationSchema>;

/**
 * GET /esims/{iccid}/refresh: `{"status": "Successfully refreshed SIM"}`
 * (https://docs.esim-go.com/api/v2_5/operations/esimsiccidrefresh/get; older pages say `message`).
 */
export const refreshAnswerSchema = z.looseObject({
  status: z.string().optional(),
  message: z.string().optional(),
});
export type RefreshAnswer = z.infer<typeof refreshAnswerSchema>;

/**
 * DELETE /esims/{iccid}/bundles/{name}[/assignments/{assignmentId}]: `{ "status": "<string>" }`,
 * e.g. "Successfully Revoked Bundle, bundle has been refunded to inventory"
 * (https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundlesname/delete/).
 */
export const revokeAnswerSchema = z.looseObject({ status: z.string().optional() });
export type RevokeAnswer = z.infer<typeof revokeAnswerSchema>;

/**
 * GET /organisation: the balance ("Organisational balance + test credit") and its currency, in
 * the organisation's own currency. The answer wraps it in a list of organisations (eSIM Go's
 * `organisations`); a bare organisation object is read as well.
 */
const organisationSchema = z.looseObject({
  name: z.string().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  balance: z.coerce.number(),
});
export const organisationAnswerSchema = z.union([
  z
    .looseObject({ organisations: z.array(organisationSchema).min(1) })
    .transform((answer) => answer.organisations[0] as z.infer<typeof organisationSchema>),
  organisationSchema,
]);
export type Organisation = z.infer<typeof organisationAnswerSchema>;

/**
 * GET /inventory: the bundles bought and on no eSIM, each with its uses (`id` is the usageId
 * POST /inventory/refund takes). https://docs.esim-go.com/api/v2_4/operations/inventory
 */
export const inventorySchema = z.looseObject({
  bundles: z
    .array(
      z.looseObject({
        name: z.string(),
        available: z
          .array(
            z.looseObject({
              id: z.coerce.number().int(),
              total: z.coerce.number().int().optional(),
              remaining: z.coerce.number().int(),
              expiry: z.string().optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type Inventory = z.infer<typeof inventorySchema>;

/** POST /inventory/refund answers a message only. */
export const messageAnswerSchema = z.looseObject({ message: z.string().optional() });
