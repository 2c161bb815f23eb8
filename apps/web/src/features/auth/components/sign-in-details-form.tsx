/**
 * Step one of signing in: e-mail, name and mobile (with its country's calling code).
 * Messages show once a field is left; the button stays disabled until all three are
 * valid; once a code is sent the whole form is disabled until the person goes back.
 */
import { DEFAULT_DIAL_COUNTRY, dialCountries, type SignupRequest } from '@tern/contract';
import { type Ref, useId, useState } from 'react';
import { TextField } from '../../../lib/text-field';
import { dialCodeOf, rewriteDialPrefix } from '../utils/dial-prefix';
import {
  checkSignIn,
  type SignInField,
  type SignInValues,
  shownErrors,
  type TouchedFields,
} from '../utils/sign-in-form';
import { CountryCodeCombobox } from './country-code-combobox';

export const initialSignInValues: SignInValues = {
  email: '',
  name: '',
  mobile: `${dialCodeOf(DEFAULT_DIAL_COUNTRY)} `,
  countryIso2: DEFAULT_DIAL_COUNTRY,
};

export interface SignInDetailsFormProps {
  values: SignInValues;
  onValuesChange: (values: SignInValues) => void;
  /** A code is on its way: the details are fixed until the person goes back. */
  locked: boolean;
  onSubmit: (request: SignupRequest) => void;
  emailRef?: Ref<HTMLInputElement>;
  submitRef?: Ref<HTMLButtonElement>;
}

export function SignInDetailsForm(props: SignInDetailsFormProps) {
  const { values, onValuesChange, locked } = props;
  const id = useId();
  const [touched, setTouched] = useState<TouchedFields>({});
  const check = checkSignIn(values);
  const errors = shownErrors(check.errors, touched);
  const touch = (field: SignInField) => setTouched((fields) => ({ ...fields, [field]: true }));
  const set = (field: SignInField, value: string) => onValuesChange({ ...values, [field]: value });

  function chooseCountry(iso2: string) {
    const mobile = rewriteDialPrefix(
      values.mobile,
      dialCodeOf(values.countryIso2),
      dialCodeOf(iso2),
    );
    onValuesChange({ ...values, countryIso2: iso2, mobile });
  }

  return (
    <form
      noValidate
      aria-label="Your details"
      className="mt-8"
      onSubmit={(event) => {
        event.preventDefault();
        if (check.request) props.onSubmit(check.request);
        else setTouched({ email: true, name: true, mobile: true });
      }}
    >
      <fieldset disabled={locked} className="space-y-5">
        <TextField
          ref={props.emailRef}
          id={`${id}-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          onBlur={() => touch('email')}
          error={errors.email}
        />
        <TextField
          id={`${id}-name`}
          label="Full name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          onBlur={() => touch('name')}
          error={errors.name}
        />
        <div className="grid gap-x-3 gap-y-5 sm:grid-cols-[14rem_minmax(0,1fr)]">
          <div>
            <label
              id={`${id}-country-label`}
              htmlFor={`${id}-country`}
              className="block text-sm font-medium text-slate-900"
            >
              Country code
            </label>
            <div className="mt-1">
              <CountryCodeCombobox
                id={`${id}-country`}
                labelId={`${id}-country-label`}
                countries={dialCountries}
                value={values.countryIso2}
                onChange={chooseCountry}
                disabled={locked}
              />
            </div>
          </div>
          <TextField
            id={`${id}-mobile`}
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={values.mobile}
            onChange={(event) => set('mobile', event.target.value)}
            onBlur={() => touch('mobile')}
            error={errors.mobile}
          />
        </div>
        <button
          ref={props.submitRef}
          type="submit"
          disabled={!check.request}
          className="h-11 w-full rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          Send sign-in code
        </button>
      </fieldset>
    </form>
  );
}
