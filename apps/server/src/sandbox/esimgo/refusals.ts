/**
 * The eSIM Go stand-in's 400 answers, keyed as every HttpError is. They stay English in every
 * language: the real provider answers in English, and they are read by the shop's client and
 * by developers, never shown as such to a buyer (docs/decisions/0019).
 */
export const standInRefusals = {
  esimNotFound: ({ iccid }: { iccid: string }) => `eSIM ${iccid} not found`,
  esimNotAccessible: ({ iccid }: { iccid: string }) =>
    `eSIM ${iccid} is not accessible by the user`,
  esimDeactivated: ({ iccid }: { iccid: string }) => `eSIM ${iccid} is deactivated`,
  refreshDeactivated: ({ iccid }: { iccid: string }) =>
    `eSIM ${iccid} is deactivated and cannot be refreshed`,
  attachNotInstalled: ({ iccid, profileStatus }: { iccid: string; profileStatus: string }) =>
    `eSIM ${iccid} is ${profileStatus}: a phone attaches to a network only once the profile is Installed`,
  noEsimsForReference: ({ reference }: { reference: string }) =>
    `No eSIMs found for reference ${reference}`,
  orderNotFound: ({ reference }: { reference: string }) => `Order ${reference} not found`,
  bundleNotInCatalogue: ({ item }: { item: string }) => `Bundle ${item} is not in the catalogue`,
  bundleIncompatible: ({ iccid, bundle }: { iccid: string; bundle: string }) =>
    `Bundle ${bundle} is not compatible with eSIM ${iccid}`,
  bundleNotOnEsim: ({ iccid, bundle }: { iccid: string; bundle: string }) =>
    `Bundle ${bundle} is not applied to eSIM ${iccid}`,
  noBundleInUse: ({ iccid }: { iccid: string }) =>
    `eSIM ${iccid} has no bundle in use: a bundle starts a minute after its order (backdate the eSIM first)`,
  unlimitedBundleInUse: ({ iccid }: { iccid: string }) =>
    `The bundle in use on eSIM ${iccid} is unlimited: it has no share to use`,
  insufficientBalance: ({ total, balance }: { total: string; balance: string }) =>
    `Insufficient balance: the order costs ${total} and the organisation balance is ${balance}`,
  usageNotFound: ({ usageId }: { usageId: string }) => `No inventory usage ${usageId}`,
  noBundlesLeft: ({ usageId }: { usageId: string }) =>
    `The user does not have any available Bundles left for usage ${usageId}`,
  refundExceedsRemaining: ({ usageId, remaining }: { usageId: string; remaining: string }) =>
    `Refund quantity exceeds the ${remaining} remaining of usage ${usageId}`,
} as const;
