// The English of the profile page: eSIM list, details, usage, QR code, invoices: the source of truth.
export const profile = {} as const;
