/**
 * The legacy checkout's buyer form (spec "Checkout", section 5): e-mail, name and mobile,
 * each with the checkout's own message once left. It sends a one-time code to the e-mail;
 * the whole form is fixed while the code step shows.
 */
import { useId, useState } from 'react';
import { TextField } from '../../../lib/text-field';
import {
  type CheckoutField,
  type CheckoutValues,
  checkCheckout,
  visibleErrors,
} from '../utils/checkout-form';

export interface CheckoutDetailsFormProps {
  values: CheckoutValues;
  onValuesChange: (values: CheckoutValues) => void;
  locked: boolean;
  onSubmit: (request: { cli_email: string; cli_name: string; cli_mobile: string }) => void;
}

export function CheckoutDetailsForm({
  values,
  onValuesChange,
  locked,
  onSubmit,
}: CheckoutDetailsFormProps) {
  const id = useId();
  const [touched, setTouched] = useState<Partial<Record<CheckoutField, boolean>>>({});
  const check = checkCheckout(values);
  const errors = visibleErrors(check.errors, touched);
  const touch = (field: CheckoutField) => setTouched((fields) => ({ ...fields, [field]: true }));
  const set = (field: CheckoutField, value: string) =>
    onValuesChange({ ...values, [field]: value });

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (check.request) onSubmit(check.request);
        else setTouched({ email: true, name: true, mobile: true });
      }}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        We e-mail you a 6-digit code to confirm it is you. Your eSIM is sent to this address.
      </p>
      <fieldset disabled={locked} className="mt-5 space-y-5">
        <TextField
          id={`${id}-email`}
          label="Email"
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
          label="Name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          onBlur={() => touch('name')}
          error={errors.name}
        />
        <TextField
          id={`${id}-mobile`}
          label="Mobile"
          hint="With your country code, for example +961 71 123 456"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={values.mobile}
          onChange={(event) => set('mobile', event.target.value)}
          onBlur={() => touch('mobile')}
          error={errors.mobile}
        />
        <button
          type="submit"
          className="h-11 w-full rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          Send code
        </button>
      </fieldset>
    </form>
  );
}
