/**
 * Sign-in and registration with an e-mailed one-time code (spec sections 2, 4, 5, 8).
 * Someone who opens it while signed in goes to the profile before it shows (see `Decided`
 * in app/router.tsx). Every problem shows where the person acted: a refused code by
 * the code field, a field the server refused by that field, anything else by the button.
 */
import { type Plan, planSchema } from '@tern/contract/catalog';
import { paths } from '@tern/contract/routes';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OneTimeCodeStep } from '../../../components/one-time-code-step';
import { SignInDetailsForm } from '../../../components/sign-in-details-form';
import { ApiError } from '../../../lib/api-client';
import { useLanguage, useT } from '../../../lib/i18n';
import { describeOrder } from '../../../lib/order-description';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { brandName } from '../../../lib/shop-settings';
import { type SignupRefusal, signupRefusal } from '../../../lib/sign-in-details';
import { useSignInSteps } from '../../../lib/use-sign-in-steps';
import { CountryCodeField } from '../components/country-code-field';
import { changedSignInValues, checkSignIn, initialSignInValues } from '../utils/sign-in-form';

export function SignInPage() {
  const t = useT();
  usePageMeta(t('auth.page.title'), t('auth.page.description', { brand: brandName }));
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('auth.page.heading', { brand: brandName })}
      </h1>
      <SignInSteps />
    </div>
  );
}

/** Refusals of sign-up the person can act on; other failures stay silent (spec section 8). */
const toldSignupStatuses = new Set([400, 429, 503]);

function toldRefusal(error: unknown, onDetailsForm: boolean): SignupRefusal | undefined {
  if (!(error instanceof ApiError) || !toldSignupStatuses.has(error.status)) return undefined;
  return signupRefusal(error, onDetailsForm);
}

function SignInSteps() {
  const t = useT();
  const navigate = useNavigate();
  const [values, setValues] = useState(initialSignInValues);
  const emailRef = useRef<HTMLInputElement>(null);
  const steps = useSignInSteps({
    sendRefusal: toldRefusal,
    emailRef,
    onSignedIn: () => {
      const next = session.pendingPlan() ? paths.planConfirmation : paths.plan;
      void navigate(next, { replace: true });
    },
  });

  function changeValues(next: typeof values) {
    setValues(changedSignInValues(values, next));
    steps.forgetFieldRefusals();
  }

  return (
    <>
      <p className="mt-3 text-lg text-slate-700">{t('auth.page.intro')}</p>
      <WaitingPlan />
      <SignInDetailsForm
        values={values}
        onValuesChange={changeValues}
        check={checkSignIn(values, t)}
        {...steps.detailsForm}
        title={t('auth.form.title')}
        labels={{
          email: t('auth.form.email'),
          name: t('auth.form.name'),
          mobile: t('auth.form.mobile'),
          submit: t('auth.form.submit'),
        }}
        mobilePrefix={
          <CountryCodeField
            values={values}
            onValuesChange={changeValues}
            disabled={steps.detailsForm.locked}
          />
        }
        submitOnlyWhenValid
        emailRef={emailRef}
      />
      {steps.codeStep ? (
        <OneTimeCodeStep
          key={steps.codeStep.round}
          {...steps.codeStep.props}
          changeDetailsLabel={t('auth.code.changeEmail')}
        />
      ) : null}
    </>
  );
}

/** The plan chosen before signing in, which the sign-in leads on to buy; read once. */
function waitingPlan(): Plan | undefined {
  return planSchema.safeParse(session.pendingPlan()?.plan).data;
}

/** Says what is being bought when a plan waits for the sign-in: 'France eSIM · 1 GB · 7 days'. */
function WaitingPlan() {
  const t = useT();
  const { language } = useLanguage();
  const [plan] = useState(waitingPlan);
  if (!plan) return null;
  return (
    <p className="mt-4 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-slate-900">
      {t('auth.page.buying', { plan: describeOrder(plan, { t, language }) })}
    </p>
  );
}
