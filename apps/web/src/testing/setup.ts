// Before each component test file: jest-dom's matchers, the shop's English words loaded as
// the app loads them at start, and a clean page and session after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { completeEnglish, startLanguage } from '../lib/i18n';
import { session } from '../lib/session-store';
import { fillDomGaps } from './dom-gaps';

fillDomGaps();

beforeAll(async () => {
  await startLanguage('en');
  await completeEnglish();
});

// Testing Library cleans up by itself only where the test runner's globals are on.
afterEach(() => {
  cleanup();
  session.signOut();
  vi.unstubAllGlobals();
});
