// The messages and language on screen, together, for the profile's components and helpers.
import { useLanguage, useT } from '../../../lib/i18n';
import type { ProfileWords } from '../utils/profile-format';

export function useProfileWords(): ProfileWords {
  const t = useT();
  const { language } = useLanguage();
  return { t, language };
}
