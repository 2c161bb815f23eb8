/**
 * The trip planner's optional stop-over (issue 31): a country the traveller changes planes in
 * on the way. A regional plan that covers it would start its clock there, so the suggested
 * plans say so. Kept in the page's address beside the trip; changing it plans nothing anew.
 */
import { useId, useMemo } from 'react';
import { fieldControlClass } from '../../../components/text-field';
import { useLanguage, useT } from '../../../lib/i18n';

interface TripStopoverFieldProps {
  value: string | undefined;
  /** Every country's code, the world's list (the planner loads it for names already). */
  countries: readonly string[];
  nameOf: (iso: string) => string;
  onChange: (iso: string | undefined) => void;
}

export function TripStopoverField({ value, countries, nameOf, onChange }: TripStopoverFieldProps) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  const sorted = useMemo(() => {
    const listed = value && !countries.includes(value) ? [...countries, value] : [...countries];
    return listed
      .map((iso) => ({ iso, name: nameOf(iso) }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }, [countries, nameOf, value, language]);
  return (
    <div className="mt-6 max-w-sm rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor={id} className="block text-base font-semibold text-slate-900">
        {t('trip.stopover.label')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('trip.stopover.hint')}
      </p>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={fieldControlClass(false)}
      >
        <option value="">{t('trip.stopover.none')}</option>
        {sorted.map(({ iso, name }) => (
          <option key={iso} value={iso}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
