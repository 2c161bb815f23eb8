/**
 * What the provider says of an eSIM's bundles, as a refund reads it: the bundles still on it
 * that the refunded orders put there, and which of its answers is a refusal (worth reading
 * again) rather than a failure (worth retrying later).
 */
import { type EsimGoClient, EsimGoError } from '../../integrations/esimgo/client';

/**
 * The bundles these orders put on the eSIM that are still on it, as the provider lists them
 * (used ones too). An eSIM the account no longer holds (400, or 403 once returned) has none left.
 */
export async function bundlesLeft(
  provider: EsimGoClient,
  iccid: string,
  references: ReadonlySet<string>,
): Promise<{ name: string; assignmentId: string }[]> {
  let listed: Awaited<ReturnType<EsimGoClient['getEsimBundles']>>;
  try {
    listed = await provider.getEsimBundles(iccid);
  } catch (error) {
    if (error instanceof EsimGoError && error.esimNotHeld) return [];
    throw error;
  }
  return listed.bundles.flatMap((bundle) =>
    bundle.assignments
      .filter(
        (assignment) =>
          assignment.bundleState !== 'revoked' &&
          namesOneOf(assignment.assignmentReference, references),
      )
      .map((assignment) => ({ name: bundle.name, assignmentId: assignment.id })),
  );
}

/**
 * Whether an assignment belongs to one of these orders. eSIM Go's pages show the order's
 * reference alone and, in v2.4's example, with a `-0` suffix
 * (https://docs.esim-go.com/api/v2_4/operations/esimsiccidbundles/get): both are read. An
 * assignment naming no order is taken as ours, since the shop put every bundle on its eSIMs.
 */
function namesOneOf(reference: string | undefined, orders: ReadonlySet<string>): boolean {
  if (!reference) return true;
  return orders.has(reference) || orders.has(reference.replace(/-\d+$/, ''));
}

/** The provider said no (4xx other than a rate limit): worth reading again, not retrying. */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof EsimGoError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429
  );
}
