/**
 * Who may have an eSIM refunded by themselves, as the terms promise: "You can ask for a full
 * refund within 14 days of purchase if the eSIM has not been installed or activated". Pure
 * rules, decided at the moment of the request from the provider's word and the shop's clock.
 */
import {
  assertNever,
  type OrderStatus,
  type RefundRefusalReason,
  withinRefundWindow,
} from '@tern/contract';
import type { TextKey } from '../../errors';

/**
 * eSIM Go's profile statuses (https://help.esim-go.com/hc/en-gb/articles/12513660203281-Check-The-Status-Of-An-eSIM):
 * - Released: "The eSIM is not installed. If there is a firstInstalledDateTime then the eSIM has
 *   been installed previously and then uninstalled again": never installed only without that time.
 * - Unavailable: "An eSIM in this status cannot be installed": nobody can have used it.
 * - Installed, and the second platform's Enabled and Disabled: on a phone.
 * - Downloaded ("delivered to LPA"), Confirmed ("reserved for downloading"), Error (installs
 *   that failed), Deleted ("uninstalled from the device"): a phone has had or tried its one-time
 *   QR code, which the shop cannot take back and sell again.
 * - Deactivated, and any status eSIM Go adds later: not known to be unused.
 * So only Released and Unavailable, with no first install time, count as never installed.
 */
const NEVER_INSTALLED_STATUSES: readonly string[] = ['Released', 'Unavailable'];

export interface ProviderInstallState {
  profileStatus: string;
  /** Absent until the profile is first installed. */
  firstInstalledDateTime?: string | undefined;
}

export function neverInstalled(state: ProviderInstallState): boolean {
  return (
    !state.firstInstalledDateTime && NEVER_INSTALLED_STATUSES.includes(state.profileStatus.trim())
  );
}

/** What a purchase on the eSIM means for a refund now. */
export type PurchaseStanding = 'refundable' | 'already-refunded' | 'in-progress' | 'not-bought';

export function purchaseStanding(status: OrderStatus): PurchaseStanding {
  switch (status) {
    case 'fulfilled':
      return 'refundable';
    // An operator gave this one back already: nothing left to return.
    case 'refunded':
      return 'already-refunded';
    // Delivered but not captured yet, or still being delivered: the fulfilment job owns it.
    case 'paid':
    case 'fulfilling':
    case 'fulfilment_failed':
      return 'in-progress';
    case 'created':
    case 'awaiting_payment':
    case 'payment_failed':
    case 'cancelled':
      return 'not-bought';
    default:
      return assertNever(status, 'order status');
  }
}

export interface RefundRequest {
  /** When the eSIM itself was bought (its first purchase); top-ups come later. */
  purchasedAt: Date;
  now: Date;
  /** The statuses of every order that put a bundle on the eSIM. */
  orderStatuses: readonly OrderStatus[];
}

/**
 * Why the shop's own records refuse the refund, before the provider is asked; undefined when
 * they allow it. Every purchase on the eSIM goes back together, so the window counts from the
 * eSIM's own purchase: a top-up is always younger.
 */
export function reasonBeforeProvider(
  request: RefundRequest,
): Extract<RefundRefusalReason, 'window-passed' | 'purchase-in-progress'> | undefined {
  if (!withinRefundWindow(request.purchasedAt, request.now)) return 'window-passed';
  const standings = request.orderStatuses.map(purchaseStanding);
  if (standings.includes('in-progress')) return 'purchase-in-progress';
  return undefined;
}

/** `reasonBeforeProvider` as the key of the contract's words (409). */
export function refusalBeforeProvider(request: RefundRequest): TextKey | undefined {
  const reason = reasonBeforeProvider(request);
  if (reason === 'window-passed') return 'refundMessages.windowPassed';
  if (reason === 'purchase-in-progress') return 'refundMessages.purchaseInProgress';
  return undefined;
}
