/**
 * A share link's code (`/?ref=CODE#/sign-in`, issue 31), kept in this browser until the
 * sign-up it led to: the code is taken out of the address at once (it is not the page's to
 * show), sent with the sign-in code (`cli_referral`) and forgotten once a sign-in went through.
 * The server ignores a code it does not know, and one's own.
 */
import { REFERRAL_QUERY } from '@tern/contract/referral-query';

const KEY = 'tern.referral';
const CODE = /^[2-9A-HJKMNP-Za-hjkmnp-z]{8}$/;

export function keepReferralFromAddress(location: Location = window.location): void {
  const query = new URLSearchParams(location.search);
  const code = query.get(REFERRAL_QUERY);
  if (code === null) return;
  try {
    if (CODE.test(code)) localStorage.setItem(KEY, code.toUpperCase());
  } catch {
    // No storage: the link's code is lost, the sign-up works the same.
  }
  query.delete(REFERRAL_QUERY);
  const rest = query.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`,
  );
}

export function pendingReferral(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetReferral(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
