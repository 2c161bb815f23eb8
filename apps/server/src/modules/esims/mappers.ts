/**
 * The one place where eSIM rows, what bought them and provider answers become the
 * contract's API shapes.
 */
import type {
  EsimBundlesView,
  EsimDetailsView,
  EsimPurchase as EsimPurchaseView,
  MyEsim,
} from '@tern/contract';
import type { EsimBundles, EsimDetails } from '../../integrations/esimgo/client';
import type { EsimPurchase, ShopPlan } from '../ledger/service';
import { installInstructions } from './esim-install';
import type { EsimRow, InstallRow } from './repository';

/**
 * An eSIM with the plan its order bought, as that order's ledger entry booked it, and every
 * bundle bought for it since (`purchases`, newest first, the first purchase among them).
 */
export function toMyEsim(
  esim: EsimRow,
  first: EsimPurchase,
  purchases: readonly EsimPurchase[],
): MyEsim {
  return {
    iccid: esim.iccid,
    planName: first.planName,
    planDescription: first.planDescription,
    bundles: purchases.map((purchase) => toPurchaseView(purchase, esim.orderId)),
    destination: { iso: first.iso, name: first.country },
    purchasedAt: esim.createdAt.toISOString(),
    // A self-service refund gives back every purchase on the eSIM, the first one included.
    refundedAt: first.refundedAt?.toISOString() ?? null,
  };
}

function toPurchaseView(purchase: EsimPurchase, firstOrderId: number): EsimPurchaseView {
  return {
    title: purchase.title,
    validityDays: purchase.validityDays,
    planName: purchase.planName,
    kind: purchase.orderId === firstOrderId ? 'purchase' : 'topup',
    purchasedAt: purchase.bookedAt.toISOString(),
  };
}

/**
 * Our stored install details (what the QR code holds) with the provider's live status. PIN
 * and PUK come from the provider when it gives them, else from what was stored at delivery.
 */
export function toEsimDetails(stored: InstallRow, live: EsimDetails): EsimDetailsView {
  return {
    iccid: stored.iccid,
    pin: live.pin ?? stored.pin,
    puk: live.puk ?? stored.puk,
    matchingId: stored.matchingId,
    smdpAddress: stored.smdpAddress,
    profileStatus: live.profileStatus,
    ...(live.firstInstalledDateTime ? { firstInstalledDateTime: live.firstInstalledDateTime } : {}),
    ...installInstructions(stored),
  };
}

/**
 * The provider's reading, each bundle named in the shop's words by `plans` (keyed by bundle
 * name); a bundle the shop did not sell keeps the provider's description.
 */
export function toEsimBundles(
  answer: EsimBundles,
  readAt: Date,
  plans: ReadonlyMap<string, ShopPlan>,
): EsimBundlesView {
  return {
    data: {
      bundles: answer.bundles.map((bundle) => ({
        name: bundle.name,
        description: bundle.description,
        ...(plans.get(bundle.name) ?? {
          title: bundle.description || bundle.name,
          validityDays: null,
        }),
        assignments: bundle.assignments.map((assignment) => ({
          id: assignment.id,
          assignmentDateTime: assignment.assignmentDateTime ?? null,
          startTime: assignment.startTime ?? null,
          endTime: assignment.endTime ?? null,
          bundleState: assignment.bundleState,
          initialQuantity: assignment.initialQuantity,
          remainingQuantity: assignment.remainingQuantity,
          unlimited: assignment.unlimited,
        })),
      })),
    },
    readAt: readAt.toISOString(),
  };
}
