/**
 * The e-mail, name and mobile that sign-in and the legacy checkout both ask for: their shape,
 * when a field's message shows, and which field a message of the server belongs to. Each
 * feature keeps its own rules (spec section 5).
 */
import type { ApiError } from './api-client';
import type { Problem } from './problem';

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

/** The first field, in the form's order, that has a message. */
export function firstInvalidField(errors: SignInErrors): SignInField | undefined {
  return signInFields.find((field) => errors[field]);
}

const fieldOfRequestPath: Readonly<Record<string, SignInField>> = {
  'body.cli_email': 'email',
  'body.cli_name': 'name',
  'body.cli_mobile': 'mobile',
};

/**
 * The server's field messages (a 400 answer's `errors`, by request path) put by their fields;
 * `unplaced` holds those that belong to no field of the form.
 */
export function placeFieldErrors(fieldErrors: readonly { path: string; message: string }[]): {
  errors: SignInErrors;
  unplaced: string[];
} {
  const errors: SignInErrors = {};
  const unplaced: string[] = [];
  for (const { path, message } of fieldErrors) {
    const field = fieldOfRequestPath[path];
    if (!field) unplaced.push(message);
    else errors[field] ??= message;
  }
  return { errors, unplaced };
}

/** A refused sign-up as a form shows it: what goes by the fields, and what by the button. */
export interface SignupRefusal {
  fields: SignInErrors;
  problem: Problem | undefined;
}

/**
 * On the details form the server's field messages go by their fields, the rest above the
 * button; on the code step (a new code asked for) there are no fields: all goes by the button.
 */
export function signupRefusal(error: ApiError, onDetailsForm: boolean): SignupRefusal {
  const placed = placeFieldErrors(error.fieldErrors);
  const fields = onDetailsForm ? placed.errors : {};
  const unplaced = onDetailsForm ? placed.unplaced : error.fieldErrors.map((f) => f.message);
  const placedAll = Object.keys(fields).length > 0 && unplaced.length === 0;
  return {
    fields,
    problem: placedAll ? undefined : { title: error.message, details: [...new Set(unplaced)] },
  };
}
