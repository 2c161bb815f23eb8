/**
 * The profile's API (spec sections 2 "Profile", 3, 6 and 7): the buyer's ledger (invoices),
 * their eSIMs, each eSIM's install details, bundle usage and QR code, and the invoice PDF.
 * Every call needs the bearer token and only ever shows the caller's own things.
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { languageSchema } from './language-schema';
import { ledgerEntrySchema } from './orders';
import { iccidSchema } from './plan-details';
import { textField } from './text';

/** The ledger's page size: the profile asks for 100, the service defaults to 1000 (spec 9). */
export const LEDGER_DEFAULT_LIMIT = 1000;
export const LEDGER_MAX_LIMIT = 1000;
export const LEDGER_PROFILE_PAGE_SIZE = 100;

/** QR code images are square; 250 px unless asked otherwise (spec section 9). */
export const QR_DEFAULT_SIZE = 250;
export const QR_MIN_SIZE = 120;
export const QR_MAX_SIZE = 1000;

export interface LedgerQuery {
  skip?: number;
  limit?: number;
  search?: string;
}

/**
 * The API paths of the profile (spec section 7). The spec's `qr/{b}/{a}` is read as
 * `qr/{iccid}/{size}`: the eSIM first, then the image's width and height in pixels.
 */
export const profileApiPaths = {
  ledger: apiPath(
    '/api/ledger/public/client/:email',
    (fill) =>
      (email: string, query: LedgerQuery = {}) =>
        `${fill(email)}${queryString(query)}`,
  ),
  invoicePdf: apiPath('/api/ledger/:led_id/invoice.pdf'),
  /** The credit note of a refunded invoice line; 404 while the line stands. */
  creditNotePdf: apiPath('/api/ledger/:led_id/credit-note.pdf'),
  myEsims: apiPath('/api/esim/mine'),
  esimDetails: apiPath('/api/esim/details/:iccid'),
  esimBundles: apiPath('/api/esim/details/bundles/:iccid'),
  esimQr: apiPath(
    '/api/esim/details/qr/:iccid/:size',
    (fill) =>
      (iccid: string, size: number = QR_DEFAULT_SIZE) =>
        fill(iccid, size),
  ),
  /** Outside /api, as the spec writes it: `{backend}/esim/qr/{led_id}`. */
  ledgerEntryQr: apiPath(
    '/esim/qr/:led_id',
    (fill) => (ledgerId: number, size?: number) =>
      `${fill(ledgerId)}${size === undefined ? '' : `?size=${size}`}`,
  ),
} as const;

function queryString(query: LedgerQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

// ---- ledger ----

/** The e-mail is checked by the service, so a blank one gets the spec's own sentence. */
export const ledgerParamsSchema = z.object({ email: textField().max(254) });

export const ledgerQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LEDGER_MAX_LIMIT).default(LEDGER_DEFAULT_LIMIT),
  /** Matches ICCID, plan name or plan description, ignoring case. */
  search: textField().trim().max(100).optional(),
});
export type ParsedLedgerQuery = z.output<typeof ledgerQuerySchema>;

/**
 * A ledger entry as the profile shows it: the spec's fields, and the plan in the shop's words
 * ("1 GB · 7 days"), which the invoice list and the invoice PDF print.
 */
export const profileLedgerEntrySchema = ledgerEntrySchema.extend({
  led_pla_title: z.string(),
});
export type ProfileLedgerEntry = z.infer<typeof profileLedgerEntrySchema>;

/** A page of the buyer's ledger, newest first, and how many entries match in all. */
export const ledgerPageSchema = z.object({
  data: z.array(profileLedgerEntrySchema),
  total: z.number().int(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/**
 * An invoice download's query: `lang` writes the PDF in that language instead of the account's
 * (the web passes the language it shows).
 */
export const invoiceQuerySchema = z.object({ lang: languageSchema.optional() });
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

/** `led_id` in a path: a whole number in the database's integer range. */
export const ledgerEntryParamsSchema = z.object({
  led_id: z.coerce
    .number({ error: 'The invoice id must be a whole number' })
    .int('The invoice id must be a whole number')
    .positive('The invoice id must be a whole number')
    .max(2_147_483_647, 'The invoice id must be a whole number'),
});

const qrSizeField = z.coerce
  .number({ error: `The size must be ${QR_MIN_SIZE} to ${QR_MAX_SIZE} pixels` })
  .int(`The size must be ${QR_MIN_SIZE} to ${QR_MAX_SIZE} pixels`)
  .min(QR_MIN_SIZE, `The size must be ${QR_MIN_SIZE} to ${QR_MAX_SIZE} pixels`)
  .max(QR_MAX_SIZE, `The size must be ${QR_MIN_SIZE} to ${QR_MAX_SIZE} pixels`);

export const qrSizeQuerySchema = z.object({ size: qrSizeField.default(QR_DEFAULT_SIZE) });

// ---- eSIMs ----

export const iccidParamsSchema = z.object({ iccid: iccidSchema });
export const esimQrParamsSchema = z.object({ iccid: iccidSchema, size: qrSizeField });

/**
 * A plan in the buyer's words: "1 GB · 7 days" (planTitle) and how long it lasts once started,
 * from the catalogue; a plan no longer in the catalogue keeps the provider's description as
 * its title, and its validity is not known.
 */
const shopPlanFields = {
  title: z.string(),
  validityDays: z.number().int().positive().nullable(),
};

/** One bundle bought for an eSIM: the first purchase, or a top-up. */
export const esimPurchaseSchema = z.object({
  ...shopPlanFields,
  /** The provider's bundle name. */
  planName: z.string(),
  kind: z.enum(['purchase', 'topup']),
  /** When it was bought (booked), ISO 8601. */
  purchasedAt: z.iso.datetime({ offset: true }),
});
export type EsimPurchase = z.infer<typeof esimPurchaseSchema>;

/** One of the buyer's eSIMs, as the profile's "My eSIMs" tab lists it. */
export const myEsimSchema = z.object({
  iccid: z.string(),
  /** The plan the eSIM was bought with. */
  planName: z.string(),
  planDescription: z.string(),
  /** Every bundle bought for it, the newest first: top-ups, then the first purchase. */
  bundles: z.array(esimPurchaseSchema),
  /** `iso` is the country's ISO code or the region's name, as in led_iso and the top-up path. */
  destination: z.object({ iso: z.string(), name: z.string() }),
  /** When the eSIM was delivered, ISO 8601. */
  purchasedAt: z.iso.datetime({ offset: true }),
  /**
   * When its purchases were refunded (self-service, never installed): the eSIM is gone from the
   * provider then. Null or absent while it stands; optional, so older clients still parse.
   */
  refundedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /**
   * Who gave this eSIM (issue 31): the buyer's name, else their e-mail; null or absent for one's
   * own purchase. Its refund is the buyer's, not the recipient's.
   */
  giftFrom: z.string().nullable().optional(),
});
export type MyEsim = z.infer<typeof myEsimSchema>;

export const myEsimListSchema = z.object({ data: z.array(myEsimSchema) });
export type MyEsimList = z.infer<typeof myEsimListSchema>;

/** The ICCID details dialog: how to install the eSIM, and what the provider says of it. */
export const esimDetailsSchema = z.object({
  iccid: z.string(),
  /** null when neither the provider nor our records have one. */
  pin: z.string().nullable(),
  puk: z.string().nullable(),
  matchingId: z.string(),
  smdpAddress: z.string(),
  /** The provider's word: Released, Downloaded, Installed, Unavailable, Deactivated… */
  profileStatus: z.string(),
  /** ISO 8601; absent until the profile is first installed. */
  firstInstalledDateTime: z.string().optional(),
  /** The activation code a QR code holds: `LPA:1$<smdpAddress>$<matchingId>`. */
  lpa: z.string(),
  /** One-tap install: iOS 17.4+ and recent Android open these to add the eSIM. */
  links: z.object({ ios: z.string(), android: z.string() }),
});
export type EsimDetailsView = z.infer<typeof esimDetailsSchema>;

/** One bundle applied to an eSIM; quantities are bytes (-1 when unlimited), shown in MB. */
export const bundleAssignmentSchema = z.object({
  id: z.string(),
  /** When the bundle was put on the eSIM, not when it started. */
  assignmentDateTime: z.string().nullable(),
  /** When it started (first connection), ISO 8601; null until then. */
  startTime: z.string().nullable(),
  /** When it expires, ISO 8601; null until it starts (its validity counts from the start). */
  endTime: z.string().nullable(),
  /** Shown as the provider returns it (processing, queued, active, depleted…). */
  bundleState: z.string(),
  initialQuantity: z.number(),
  remainingQuantity: z.number(),
  unlimited: z.boolean(),
});

export const esimBundleSchema = z.object({
  name: z.string(),
  description: z.string(),
  ...shopPlanFields,
  assignments: z.array(bundleAssignmentSchema),
});

/** The usage dialog: `data.bundles` as the spec reads it, and when the provider was asked. */
export const esimBundlesSchema = z.object({
  data: z.object({ bundles: z.array(esimBundleSchema) }),
  /** ISO 8601: usage is read at most about once a minute, and the provider lags anyway. */
  readAt: z.iso.datetime({ offset: true }),
});
export type EsimBundlesView = z.infer<typeof esimBundlesSchema>;

/** INV-000123 for ledger entry 123: one invoice per entry, printed on it and naming its file. */
export function invoiceNumber(ledgerId: number): string {
  return `INV-${String(ledgerId).padStart(6, '0')}`;
}

/** CN-000123 for refunded ledger entry 123: a refund cancels the whole invoice, so one note each. */
export function creditNoteNumber(ledgerId: number): string {
  return `CN-${String(ledgerId).padStart(6, '0')}`;
}

/** Megabytes as the profile shows them (spec section 9: bytes divided by 1,000,000). */
export function bytesToMegabytes(bytes: number): number {
  return bytes / 1_000_000;
}
