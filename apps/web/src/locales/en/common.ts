// The English of the shared components (dialogs, form fields, problem alerts, load errors): the source of truth.
export const common = {} as const;
