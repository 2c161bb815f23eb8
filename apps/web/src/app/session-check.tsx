/**
 * Checks the stored sign-in once when the app starts (spec section 4): a token the server
 * still knows keeps the visitor signed in under the name it knows; anything else signs
 * them out without a word and clears the stored login data.
 */
import { useState } from 'react';
import { useTokenValidation } from '../features/auth/api/validate-token';
import { session } from '../lib/session-store';

export function SessionCheck() {
  // The session stored at start; later sign-ins were just made and need no check.
  const [storedClient] = useState(() => session.get().client);
  useTokenValidation(storedClient);
  return null;
}
