// The footer (spec section 2): app-store badges, payment seal, legal links, social links, Top Destinations.

import { type TopDestination, topDestinations } from '@tern/contract/catalog-constants';
import { hrefTo, paths } from '@tern/contract/routes';
import { useCopyrightYear } from '../lib/build-year';
import { countryName, regionName, type Translate, useLanguage, useT } from '../lib/i18n';
import { appStoreUrl, brandName, playStoreUrl } from '../lib/shop-settings';

const socialLinks = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
] as const;

function destinationHref(destination: TopDestination): string {
  return destination.kind === 'region'
    ? hrefTo(paths.plans, { region: destination.name })
    : hrefTo(paths.plans, { iso: destination.iso });
}

// A badge shows only for a store the shop names (APP_STORE_URL, PLAY_STORE_URL): no dead ends.
const storeBadges = (
  [
    { store: 'App Store', caption: 'shell.footer.downloadOn', href: appStoreUrl },
    { store: 'Google Play', caption: 'shell.footer.getItOn', href: playStoreUrl },
  ] as const
).flatMap(({ href, ...badge }) => (href ? [{ ...badge, href }] : []));

/** A top destination's name in the chosen language: CLDR for a country, ours for a region. */
function useDestinationLabel(): (destination: TopDestination) => string {
  const { language } = useLanguage();
  return (destination) => {
    if (language === 'en') return destination.label;
    return destination.kind === 'region'
      ? regionName(destination.name, language)
      : countryName(destination.iso, destination.label, language);
  };
}

export function Footer() {
  const t = useT();
  const label = useDestinationLabel();
  const copyrightYear = useCopyrightYear();
  return (
    <footer id="site-footer" className="mt-16 bg-slate-900 text-slate-200">
      <div
        className={`mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 ${
          storeBadges.length > 0 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'
        }`}
      >
        {storeBadges.length > 0 && (
          <section aria-labelledby="footer-app">
            <h2 id="footer-app" className="text-base font-semibold text-white">
              {t('shell.footer.getApp')}
            </h2>
            <ul className="mt-4 flex flex-col items-start gap-3">
              {storeBadges.map((badge) => (
                <li key={badge.store}>
                  <StoreBadge {...badge} t={t} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="footer-destinations">
          <h2 id="footer-destinations" className="text-base font-semibold text-white">
            {t('shell.footer.topDestinations')}
          </h2>
          <ul className="mt-4 space-y-2">
            {topDestinations.map((destination) => (
              <li key={destination.label}>
                <a href={destinationHref(destination)} className="hover:text-white hover:underline">
                  {label(destination)}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-base font-semibold text-white">
            {brandName}
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <a
                href={hrefTo(paths.termsAndConditions)}
                className="hover:text-white hover:underline"
              >
                {t('shell.footer.terms')}
              </a>
            </li>
            <li>
              <a href={hrefTo(paths.privacyPolicy)} className="hover:text-white hover:underline">
                {t('shell.footer.privacy')}
              </a>
            </li>
          </ul>
          <a
            href={hrefTo(paths.faq)}
            className="mt-6 inline-flex items-center gap-2 rounded-md border border-slate-500 px-3 py-2 text-sm hover:border-white"
          >
            <LockIcon />
            {t('shell.footer.securePayments')}
          </a>
        </section>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="text-base font-semibold text-white">
            {t('shell.footer.followUs')}
          </h2>
          <ul className="mt-4 space-y-2">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="hover:text-white hover:underline"
                >
                  {link.label}
                  <span className="sr-only"> {t('shell.footer.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-slate-700 py-4 text-center text-sm text-slate-300">
        {t('shell.footer.copyright', { year: String(copyrightYear), brand: brandName })}
      </p>
    </footer>
  );
}

function StoreBadge(props: {
  store: string;
  caption: 'shell.footer.downloadOn' | 'shell.footer.getItOn';
  href: string;
  t: Translate;
}) {
  return (
    <a
      href={props.href}
      rel="noopener noreferrer"
      target="_blank"
      className="flex h-12 w-40 flex-col justify-center rounded-lg border border-slate-500 bg-black px-3 text-start hover:border-white"
    >
      <span className="text-[11px] leading-tight text-slate-200">{props.t(props.caption)} </span>
      <span className="text-base font-semibold leading-tight text-white">{props.store}</span>
      <span className="sr-only"> {props.t('shell.footer.newTab')}</span>
    </a>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
      <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
    </svg>
  );
}
