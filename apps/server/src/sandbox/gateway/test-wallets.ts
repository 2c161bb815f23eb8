/**
 * The stand-in's test wallets on the hosted page. A real wallet hands the gateway a payment token
 * for a device card (a DPAN standing for the payer's card, the FPAN); here each wallet holds one
 * test card, approved, so the whole path is tried without an Apple or Google device. Apple Pay
 * holds a Visa ending 1111 and Google Pay a Mastercard ending 4444, the numbers of the card
 * schemes' usual approving test cards (4111 1111 1111 1111, 5555 5555 5555 4444). "A credit or
 * debit card added to the payer's device is tokenized and assigned a device-specific identifier
 * called a Device Primary Account Number (DPAN)"
 * (https://developer.mastercard.com/mastercard-gateway/documentation/payment-methods/digital-wallets/).
 */
import type { gatewayWalletProviders } from '../../db/schema/gateway-sandbox';
import type { CardBrand } from './cards';

export type WalletProvider = (typeof gatewayWalletProviders)[number];

export interface TestWallet {
  /** What the payer sees on the button. */
  name: string;
  brand: CardBrand;
  /** The funding card's last four digits (sourceOfFunds.provided.card.number). */
  last4: string;
  /** The device card's last four digits (sourceOfFunds.provided.card.deviceSpecificNumber). */
  deviceLast4: string;
  /** MMYY of the funding card; the device card's is the same here. */
  expiry: string;
}

export const testWallets: Record<WalletProvider, TestWallet> = {
  APPLE_PAY: {
    name: 'Apple Pay',
    brand: 'VISA',
    last4: '1111',
    deviceLast4: '0417',
    expiry: '1230',
  },
  GOOGLE_PAY: {
    name: 'Google Pay',
    brand: 'MASTERCARD',
    last4: '4444',
    deviceLast4: '0528',
    expiry: '1230',
  },
};
