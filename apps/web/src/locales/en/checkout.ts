// The English of the plan confirmation, checkout, payment and payment result pages: the source of truth.
export const checkout = {} as const;
