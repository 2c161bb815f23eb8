/**
 * The e-mail, name and mobile that sign-in and the legacy checkout both ask for: their shape,
 * and when a field's message shows. Each feature keeps its own rules (spec section 5).
 */
export interface SignInDetails {
  email: string;
  name: string;
  mobile: string;
}

export type SignInField = keyof SignInDetails;
export type SignInErrors = Partial<Record<SignInField, string>>;
export type TouchedFields = Partial<Record<SignInField, boolean>>;

/** A feature's verdict on the details: what is wrong, and what to send once nothing is. */
export interface SignInCheck<Request> {
  errors: SignInErrors;
  /** Present only when every field is valid. */
  request: Request | undefined;
}

const signInFields: readonly SignInField[] = ['email', 'name', 'mobile'];

/** A field's message shows once the person has left the field (or tried to send the form). */
export function shownErrors(errors: SignInErrors, touched: TouchedFields): SignInErrors {
  const shown: SignInErrors = {};
  for (const field of signInFields) {
    if (touched[field] && errors[field]) shown[field] = errors[field];
  }
  return shown;
}
