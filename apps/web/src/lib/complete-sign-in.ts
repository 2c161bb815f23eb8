/**
 * What an accepted code does in the browser, on the sign-in page and in the legacy checkout:
 * store the session as the server answered it (the account as it is), and keep a name or
 * mobile typed at sign-in that differs from the account's as an offer for the profile.
 */
import type { ClientProfile, SignInResponse } from '@tern/contract/accounts';
import { validateMobile } from '@tern/contract/phone';
import { type DetailsOffer, detailsOffer, type OfferedChange } from './details-offer';
import { session } from './session-store';

export interface TypedDetails {
  cli_name: string;
  cli_mobile: string;
}

export function completeSignIn(answer: SignInResponse, typed: TypedDetails): void {
  const account = answer.data;
  session.signIn({
    token: answer.token,
    email: account.cli_email,
    name: account.cli_name,
    mobile: account.cli_mobile,
  });
  detailsOffer.set(offerFor(typed, account));
}

/** The typed details as a change to the account, or undefined when they say the same. */
export function offerFor(typed: TypedDetails, account: ClientProfile): DetailsOffer | undefined {
  const name = typed.cli_name.trim().replace(/\s+/g, ' ');
  const mobile = internationalMobile(typed.cli_mobile);
  const changes: OfferedChange[] = [];
  if (!sameName(name, account.cli_name)) changes.push('name');
  if (mobile !== internationalMobile(account.cli_mobile)) changes.push('mobile');
  if (changes.length === 0) return undefined;
  return {
    email: account.cli_email,
    name: changes.includes('name') ? name : account.cli_name,
    mobile: changes.includes('mobile') ? mobile : account.cli_mobile,
    changes,
  };
}

/** 'maya  haddad' is Maya Haddad typed in a hurry, not a new name worth a question. */
function sameName(typed: string, stored: string): boolean {
  const fold = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return fold(typed) === fold(stored);
}

/** One form for comparing, the server's: +96171123456 whether typed with spaces or not. */
function internationalMobile(mobile: string): string {
  return validateMobile(mobile).phoneNumber ?? mobile.trim();
}
