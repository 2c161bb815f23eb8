// First: no module may use a zod schema before zod knows it may not compile code.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { App } from './app/app';
import { initialLanguage, startLanguage } from './lib/i18n';
import { registerServiceWorker } from './lib/offline/register-service-worker';
import { keepReferralFromAddress } from './lib/referral-link';
import { mountApp } from './prerender/mount-app';
import './styles.css';

// A share link's code leaves the address before anything reads it (lib/referral-link.ts).
keepReferralFromAddress();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The language's lang, dir and catalogue come first, so the first paint is already in it.
void startLanguage(initialLanguage()).then(() =>
  mountApp(
    root,
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
registerServiceWorker();
