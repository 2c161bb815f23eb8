/**
 * The provider's states in the traveller's words: a bundle "active" is "In use", "depleted" is
 * "Data used up"; a profile "Released" is "Not installed yet", or "Removed from the phone" when
 * it was installed before. A state the provider adds later is shown as it comes.
 */
import { englishWords, type ProfileWords } from './profile-format';

/** A bundle's state (processing, queued, active, depleted, expired, revoked, lapsed). */
export function bundleStateWords(state: string, { t }: ProfileWords = englishWords): string {
  return t('profile.usage.stateValue', { state: state.trim().toLowerCase() });
}

/**
 * The eSIM's profile status (eSIM Go writes Released, Downloaded, Installed…; the GSMA's
 * Enabled, Disabled, Deleted pass through some providers), told apart from a profile that was
 * on a phone once and is released again.
 */
export function profileStatusWords(
  esim: { profileStatus: string; firstInstalledDateTime?: string | null | undefined },
  { t }: ProfileWords = englishWords,
): string {
  const status = capitalised(esim.profileStatus.trim());
  const removed = status === 'Released' && Boolean(esim.firstInstalledDateTime);
  return t('profile.details.statusValue', { status: removed ? 'Removed' : status });
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
