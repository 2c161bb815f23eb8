/**
 * The one place where eSIM rows, what bought them and provider answers become the
 * contract's API shapes.
 */
import type { EsimBundlesView, EsimDetailsView, MyEsim } from '@tern/contract';
import type { EsimBundles, EsimDetails } from '../../integrations/esimgo/client';
import type { PurchaseRow } from '../ledger/service';
import { installInstructions } from './esim-install';
import type { EsimRow, InstallRow } from './repository';

/** An eSIM with the plan its order bought, as that order's ledger entry booked it. */
export function toMyEsim(esim: EsimRow, purchase: PurchaseRow): MyEsim {
  return {
    iccid: esim.iccid,
    planName: purchase.planName,
    planDescription: purchase.planDescription,
    destination: { iso: purchase.iso, name: purchase.country },
    purchasedAt: esim.createdAt.toISOString(),
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

export function toEsimBundles(answer: EsimBundles, readAt: Date): EsimBundlesView {
  return {
    data: {
      bundles: answer.bundles.map((bundle) => ({
        name: bundle.name,
        description: bundle.description,
        assignments: bundle.assignments.map((assignment) => ({
          id: assignment.id,
          assignmentDateTime: assignment.assignmentDateTime ?? null,
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
