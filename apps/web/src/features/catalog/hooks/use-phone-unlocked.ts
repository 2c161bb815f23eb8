/**
 * The traveller's answer to "Is your phone unlocked?" (yes, no, not sure), remembered on this
 * device (it is the phone's, not the account's: sign-out keeps it), so the compatibility step
 * shows it chosen next time.
 */
import { useRemembered } from '../../../lib/device-memory';
import { storageKeys } from '../../../lib/session-store';

export const phoneLockAnswers = ['yes', 'no', 'unsure'] as const;
export type PhoneLockAnswer = (typeof phoneLockAnswers)[number];

function isAnswer(value: string | undefined): value is PhoneLockAnswer {
  return (phoneLockAnswers as readonly (string | undefined)[]).includes(value);
}

export function usePhoneUnlocked(): [
  PhoneLockAnswer | undefined,
  (answer: PhoneLockAnswer) => void,
] {
  const [stored, set] = useRemembered(storageKeys.phoneUnlocked);
  return [isAnswer(stored) ? stored : undefined, set];
}
