// 'View Regions': the countries a multi-country plan works in, each with its flag and the
// networks the plan uses there, and what the plan tells before buying (decision 0015). In
// Arabic and French the countries are named, and sorted, in that language.
import type { Plan } from '@tern/contract/catalog';
import { useMemo } from 'react';
import { Dialog } from '../../../components/dialog';
import { countryName, intlLocale } from '../../../lib/i18n';
import { usePlanCoverage } from '../api/get-plan-coverage';
import { formatNetworks, planFacts, planTitleText } from '../utils/plan-format';
import { Flag } from './flag';
import { PlanFactList, usePlanWords } from './plan-card';

interface CoverageDialogProps {
  plan: Plan | undefined;
  open: boolean;
  destinationName: string;
  onClose: () => void;
}

export function CoverageDialog({ plan, open, destinationName, onClose }: CoverageDialogProps) {
  const coverage = usePlanCoverage(plan?.pla_id, open);
  const words = usePlanWords();
  const { t, language } = words;
  const count = coverage.data?.length ?? plan?.coverage ?? 0;
  // English keeps the catalogue's order; another language lists its own names alphabetically.
  const countries = useMemo(() => {
    const named = (coverage.data ?? []).map((country) => ({
      ...country,
      name: countryName(country.plr_iso, country.plr_name, language),
    }));
    if (language === 'en') return named;
    const collator = new Intl.Collator(intlLocale(language));
    return named.sort((a, b) => collator.compare(a.name, b.name));
  }, [coverage.data, language]);
  // The country count is the dialog's own subject; the rest of the card's facts still help.
  const facts = plan ? planFacts(plan, words).filter((fact) => fact.kind !== 'coverage') : [];
  return (
    <Dialog open={open} onClose={onClose} title={t('plans.coverage.title')} width="lg">
      {plan ? (
        <>
          <p className="text-slate-700">
            {t('plans.coverage.intro', {
              name: destinationName,
              title: planTitleText(plan, words),
              count,
            })}
          </p>
          <PlanFactList facts={facts} />
        </>
      ) : null}
      {coverage.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">{t('plans.coverage.loading')}</span>
          <ul
            aria-hidden="true"
            className="grid animate-pulse gap-x-6 gap-y-3 sm:grid-cols-2 motion-reduce:animate-none"
          >
            {Array.from({ length: Math.min(plan?.coverage ?? 8, 12) }, (_, index) => (
              <li key={index} className="flex items-center gap-3">
                <span className="h-[18px] w-6 rounded-[3px] bg-slate-200" />
                <span className="h-3.5 w-32 rounded bg-slate-200" />
              </li>
            ))}
          </ul>
        </div>
      ) : coverage.isError ? (
        // The spec swallows this failure; a short note beats an empty dialog.
        <p className="mt-4 rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
          {t('plans.coverage.unavailable')}
        </p>
      ) : (
        <ul
          aria-label={t('plans.coverage.list')}
          className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2"
        >
          {countries.map((country) => (
            <li key={country.plr_iso} className="flex items-start gap-3 text-slate-800">
              <Flag iso={country.plr_iso} width={24} className="mt-0.5" />
              <span className="min-w-0">
                <span className="block">{country.name}</span>
                {country.plr_networks.length > 0 ? (
                  <span className="block text-sm text-slate-600">
                    <span className="sr-only">{t('plans.coverage.networks')} </span>
                    {formatNetworks(country.plr_networks, language)}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
