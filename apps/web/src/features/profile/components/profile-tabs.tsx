/**
 * The profile's two tabs, My eSIMs and Invoices, as WAI-ARIA tabs: arrows, Home and End move
 * between them. A panel is built the first time it is shown and then kept, so the invoice
 * search and page survive a visit to the other tab.
 */
import { type ReactNode, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { tabAfterKey } from '../../../lib/tab-keys';

export interface ProfileTab {
  key: string;
  label: string;
  panel: ReactNode;
}

export function ProfileTabs({ tabs }: { tabs: readonly ProfileTab[] }) {
  const t = useT();
  const id = useId();
  const [selected, setSelected] = useState(0);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    setSelected(index);
    setVisited((current) => (current.has(index) ? current : new Set([...current, index])));
  };

  return (
    <div className="mt-8">
      <div
        role="tablist"
        aria-label={t('profile.tabs.label')}
        className="flex gap-2 border-b border-slate-200"
      >
        {tabs.map((tab, index) => {
          const isSelected = index === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={(event) => {
                const next = tabAfterKey(event.key, index, tabs.length);
                if (next === undefined) return;
                event.preventDefault();
                select(next);
                tabRefs.current[next]?.focus();
              }}
              className={`-mb-px border-b-2 px-4 py-3 text-sm font-semibold ${
                isSelected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={index !== selected}
          className="pt-6"
        >
          {visited.has(index) ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
