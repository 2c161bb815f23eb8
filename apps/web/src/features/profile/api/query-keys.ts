// The profile's query keys: everything under one root, each scoped to the signed-in e-mail.

export const profileQueryKey = ['profile'] as const;

export const profileKeys = {
  esims: (email: string) => [...profileQueryKey, email, 'esims'] as const,
  esimDetails: (email: string, iccid: string) =>
    [...profileQueryKey, email, 'esim', iccid, 'details'] as const,
  esimBundles: (email: string, iccid: string) =>
    [...profileQueryKey, email, 'esim', iccid, 'bundles'] as const,
  refundEligibility: (email: string, iccid: string) =>
    [...profileQueryKey, email, 'esim', iccid, 'refund'] as const,
  esimQr: (email: string, iccid: string) =>
    [...profileQueryKey, email, 'esim', iccid, 'qr'] as const,
  ledger: (email: string, page: { skip: number; limit: number; search: string }) =>
    [...profileQueryKey, email, 'ledger', page] as const,
  referral: (email: string) => [...profileQueryKey, email, 'referral'] as const,
  /** The buyer's gifts sent (issue 31). */
  giftsSent: (email: string) => [...profileQueryKey, email, 'gifts-sent'] as const,
  /** An eSIM's automatic top-up (issue 32). */
  autoTopup: (email: string, iccid: string) =>
    [...profileQueryKey, email, 'esim', iccid, 'auto-topup'] as const,
  /** The plans that can top up an eSIM (GET /api/plan/topup/{iccid}/{destination}). */
  topupPlans: (email: string, iccid: string, destination: string) =>
    [...profileQueryKey, email, 'esim', iccid, 'topup-plans', destination] as const,
  /** The profile's offline copy on this device (IndexedDB, not the API). */
  offlineCopy: (email: string) => [...profileQueryKey, email, 'offline-copy'] as const,
};
