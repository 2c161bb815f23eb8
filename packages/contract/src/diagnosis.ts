/**
 * The connection doctor (issue 16): what the provider knows about one of the buyer's eSIMs
 * (installed? a bundle to use? attached to a network?) turned into a verdict and the steps to
 * take, each a stable id the web words in the buyer's language, with what the step needs.
 */
import { z } from 'zod';
import { apiPath } from './api-path';
import { planSchema } from './catalog';

export const diagnosisVerdicts = [
  'not_installed',
  'no_active_bundle',
  'not_attached',
  /** On a network in a country none of the eSIM's bundles works in (issue 26). */
  'not_covered',
  'attached',
] as const;
export type DiagnosisVerdict = (typeof diagnosisVerdicts)[number];

/** What the doctor says, and the server's answers to a network refresh it could not do. */
export const diagnosisMessages = {
  refreshDeactivated:
    'This eSIM is no longer active on the network, so its connection cannot be refreshed.',
  refreshBusy: 'The network is still busy with this eSIM. Please try again in a minute.',
  refreshTooOften:
    'The network connection of this eSIM was refreshed several times already. Please wait an hour before trying again.',
} as const;

/** What support needs to help at once, prefilled in the buyer's message. */
export const supportDetailsSchema = z.object({
  iccid: z.string(),
  verdict: z.enum(diagnosisVerdicts),
  profileStatus: z.string(),
  /** The bundle the eSIM uses (or used last), by the provider's name. */
  bundleName: z.string().nullable(),
  bundleState: z.string().nullable(),
  networkName: z.string().nullable(),
  /** ISO 3166-1 alpha-2 as the provider gives it, or its own wording. */
  country: z.string().nullable(),
  /** ISO 8601: when the eSIM was last seen on a network. */
  lastSeen: z.string().nullable(),
  checkedAt: z.string(),
});
export type SupportDetails = z.infer<typeof supportDetailsSchema>;

const step = <Id extends string>(id: Id) => z.object({ id: z.literal(id) });

/** One thing to do, in the order to try them. */
export const diagnosisStepSchema = z.discriminatedUnion('id', [
  /** Scan the QR code (or use the one-tap link) on the phone you travel with. */
  step('install_qr'),
  /** The profile reached the phone but is not switched on: turn the line on in settings. */
  step('finish_install'),
  /** No bundle left to use: buy a top-up for this eSIM. */
  step('buy_or_top_up'),
  step('turn_on_roaming'),
  step('choose_data_line'),
  step('restart_phone'),
  /** POST refresh-network: the network drops the eSIM so the phone registers again. */
  step('refresh_network'),
  /** The APN to set when data does not flow; null: reset it to the eSIM's default. */
  step('apn_hint').extend({ apn: z.string().nullable() }),
  step('contact_support').extend({ details: supportDetailsSchema }),
  /**
   * The phone is in a country the eSIM's bundles do not cover: a plan of that country, added
   * to this same eSIM as a top-up. `plans` are the country's plans as its plan page lists them.
   */
  step('top_up_for_country').extend({
    country: z.object({
      /** ISO 3166-1 alpha-2, upper case. */
      iso: z.string().length(2),
      /** The shop's English name; the web names it in the page's language. */
      name: z.string(),
    }),
    plans: z.array(planSchema),
  }),
]);
export type DiagnosisStep = z.infer<typeof diagnosisStepSchema>;
export type DiagnosisStepId = DiagnosisStep['id'];

export const diagnosisSchema = z.object({
  iccid: z.string(),
  verdict: z.enum(diagnosisVerdicts),
  steps: z.array(diagnosisStepSchema),
  /** The provider's profile status: Released, Downloaded, Installed, Unavailable, Deactivated. */
  profileStatus: z.string(),
  /** The bundle in use, or else the one used last; null when the eSIM never had one. */
  bundle: z
    .object({
      name: z.string(),
      state: z.string(),
      /** Bytes; -1 when unlimited. */
      remainingQuantity: z.number(),
      unlimited: z.boolean(),
      endTime: z.string().nullable(),
    })
    .nullable(),
  /** The network the eSIM was last seen on; null when never seen (or not asked: not installed). */
  network: z
    .object({
      networkName: z.string(),
      mobileNetworkCode: z.string().nullable(),
      country: z.string().nullable(),
      lastSeen: z.string().nullable(),
    })
    .nullable(),
  checkedAt: z.string(),
});
export type Diagnosis = z.infer<typeof diagnosisSchema>;

export const refreshNetworkResponseSchema = z.object({ status: z.literal('refreshed') });
export type RefreshNetworkResponse = z.infer<typeof refreshNetworkResponseSchema>;

export const diagnosisApiPaths = {
  diagnosis: apiPath('/api/esim/:iccid/diagnosis'),
  refreshNetwork: apiPath('/api/esim/:iccid/refresh-network'),
} as const;
