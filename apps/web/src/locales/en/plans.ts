// The English of the plan details page, plan cards and the coverage and compatibility dialogs: the source of truth.
export const plans = {} as const;
