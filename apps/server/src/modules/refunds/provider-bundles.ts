/**
 * What the provider says of an eSIM's bundles, as a refund reads it: the bundles still on it
 * that the refunded orders put there, and which of its answers is a refusal (worth reading
 * again) rather than a failure (worth retrying later).
 */
import { type EsimGoClient, EsimGoError } from '../../integrations/esimgo/client';

/**
 * The bundles these orders put on the eSIM that are still on it, as the provider lists them
 * (used ones too). An eSIM the account no longer holds (400) has none left.
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
    if (error instanceof EsimGoError && error.status === 400) return [];
    throw error;
  }
  return listed.bundles.flatMap((bundle) =>
    bundle.assignments
      .filter(
        (assignment) =>
          assignment.bundleState !== 'revoked' &&
          (!assignment.assignmentReference || references.has(assignment.assignmentReference)),
      )
      .map((assignment) => ({ name: bundle.name, assignmentId: assignment.id })),
  );
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
