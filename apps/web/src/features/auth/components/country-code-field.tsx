/**
 * Sign-in's country-code list beside the mobile field: choosing a country swaps the calling
 * code in front of the number and keeps what the person typed after it (spec section 5). The
 * countries are named and sorted in the language on screen.
 */
import { useId } from 'react';
import { useLanguage, useT } from '../../../lib/i18n';
import { localDialCountries } from '../utils/dial-countries';
import { dialCodeOf, rewriteDialPrefix } from '../utils/dial-prefix';
import type { SignInValues } from '../utils/sign-in-form';
import { CountryCodeCombobox } from './country-code-combobox';

export interface CountryCodeFieldProps {
  values: SignInValues;
  onValuesChange: (values: SignInValues) => void;
  disabled: boolean;
}

export function CountryCodeField({ values, onValuesChange, disabled }: CountryCodeFieldProps) {
  const id = useId();
  const t = useT();
  const { language } = useLanguage();

  function chooseCountry(iso2: string) {
    const mobile = rewriteDialPrefix(
      values.mobile,
      dialCodeOf(values.countryIso2),
      dialCodeOf(iso2),
    );
    onValuesChange({ ...values, countryIso2: iso2, mobile });
  }

  return (
    <div>
      <label
        id={`${id}-label`}
        htmlFor={`${id}-country`}
        className="block text-sm font-medium text-slate-900"
      >
        {t('auth.form.countryCode')}
      </label>
      <div className="mt-1">
        <CountryCodeCombobox
          id={`${id}-country`}
          labelId={`${id}-label`}
          countries={localDialCountries(language)}
          value={values.countryIso2}
          onChange={chooseCountry}
          disabled={disabled}
          searchLabel={t('auth.form.countrySearch')}
          noMatchText={t('auth.form.countryNoMatch')}
        />
      </div>
    </div>
  );
}
