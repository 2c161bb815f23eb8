// The English of the sign-in page, one-time code, sign-in details and the account menu: the source of truth.
export const auth = {} as const;
