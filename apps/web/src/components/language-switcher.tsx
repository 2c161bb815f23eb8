/**
 * The language switcher: a native select, so keyboards, screen readers and phones all know
 * it. Each language is named in itself (English, العربية, Français) and marked with its own
 * lang, so a screen reader pronounces it right; the label says "Language" in the current one.
 */
import { isLanguage, type Language, languageNames, languages } from '@tern/contract/languages';
import { useId } from 'react';
import { useLanguage, useT } from '../lib/i18n';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('shell.language.label')}
      </label>
      <GlobeIcon />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) setLanguage(next);
        }}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 hover:border-slate-400 md:min-h-9"
      >
        {languages.map((option: Language) => (
          <option key={option} value={option} lang={option}>
            {languageNames[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="shrink-0 text-slate-600"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3Z" />
    </svg>
  );
}
