/**
 * Whether an eSIM's QR code was already used. Most eSIMs install only once, so a buyer
 * who sees the code again must be told plainly not to delete the eSIM from the phone.
 */
import { englishWords, type ProfileWords } from './profile-format';

// eSIM Go's profile statuses (and the GSMA states some providers pass on) that mean the
// profile reached a phone. Released and Unavailable mean it has not.
const usedStatuses = new Set(['downloaded', 'installed', 'enabled', 'disabled', 'deleted']);

export function wasInstalled(esim: {
  profileStatus?: string | null;
  firstInstalledDateTime?: string | null;
}): boolean {
  if (esim.firstInstalledDateTime) return true;
  return usedStatuses.has((esim.profileStatus ?? '').trim().toLowerCase());
}

// The statuses of a profile on a phone now: installed (eSIM Go), switched on or off (GSMA).
const onPhoneStatuses = new Set(['installed', 'enabled', 'disabled']);

/** Whether the provider says the profile is installed on a phone now: the card says so. */
export function isInstalledNow(esim: { profileStatus?: string | null }): boolean {
  return onPhoneStatuses.has((esim.profileStatus ?? '').trim().toLowerCase());
}

/** The line the QR dialog shows about installing, by whether the code was used. */
export function installStateMessage(
  installed: boolean,
  { t }: ProfileWords = englishWords,
): string {
  return t(installed ? 'profile.qr.alreadyUsed' : 'profile.qr.scanOnce');
}
