// A signed-in traveller's eSIM for component tests of the profile, as the API sends it.
import type { EsimBundlesView, MyEsim } from '@tern/contract/profile';
import { session } from '../lib/session-store';

export const iccid = '8944500102198304826';

export const franceEsim: MyEsim = {
  iccid,
  planName: 'esim_1GB_7D_FR_V2',
  planDescription: 'eSIM, 1GB, 7 Days, France, V2',
  bundles: [
    {
      title: '1 GB · 7 days',
      validityDays: 7,
      planName: 'esim_1GB_7D_FR_V2',
      kind: 'purchase',
      purchasedAt: '2026-11-23T08:00:00Z',
    },
  ],
  destination: { iso: 'FR', name: 'France' },
  purchasedAt: '2026-11-23T08:00:00Z',
  refundedAt: null,
};

export function signInRana(): void {
  session.signIn({ token: 'token-1', email: 'rana@example.com', name: 'Rana', mobile: '' });
}

/** The usage of one 1 GB bundle started Nov 23, read a day later with `remaining` bytes left. */
export function usageOf(remaining: number, bundleState = 'active'): EsimBundlesView {
  return {
    readAt: '2026-11-24T09:01:00Z',
    data: {
      bundles: [
        {
          name: 'esim_1GB_7D_FR_V2',
          description: 'eSIM, 1GB, 7 Days, France, V2',
          title: '1 GB · 7 days',
          validityDays: 7,
          assignments: [
            {
              id: 'a1',
              assignmentDateTime: '2026-11-23T09:00:00Z',
              startTime: '2026-11-23T09:01:00Z',
              endTime: '2026-11-30T09:01:00Z',
              bundleState,
              initialQuantity: 1_000_000_000,
              remainingQuantity: remaining,
              unlimited: false,
            },
          ],
        },
      ],
    },
  };
}
