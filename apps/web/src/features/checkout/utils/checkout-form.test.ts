import { orderMessages } from '@tern/contract/order-texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeEnglish } from '../../../lib/i18n';
import { shownErrors } from '../../../lib/sign-in-details';
import { checkCheckout } from './checkout-form';

// The checkout's English comes after the first script, as the app loads it before any page.
beforeAll(() => completeEnglish());

const valid = { email: ' rana@example.com ', name: 'Rana', mobile: '+961 71 123 456' };

describe('the legacy checkout form', () => {
  it('accepts a valid e-mail, a name and a mobile, trimmed', () => {
    expect(checkCheckout(valid)).toEqual({
      errors: {},
      request: { cli_email: 'rana@example.com', cli_name: 'Rana', cli_mobile: '+961 71 123 456' },
    });
  });

  it("says what is wrong with each field, in the checkout's words", () => {
    const check = checkCheckout({ email: 'rana@', name: ' Al ', mobile: '12' });
    expect(check.errors).toEqual({
      email: 'Please enter a valid email',
      name: 'Name is required',
      mobile: 'Mobile is required',
    });
    expect(check.request).toBeUndefined();
  });

  it('needs at least three characters of name and mobile', () => {
    expect(checkCheckout({ ...valid, name: 'Ali' }).errors.name).toBeUndefined();
    expect(checkCheckout({ ...valid, mobile: '' }).errors.mobile).toBe(
      orderMessages.mobileRequired,
    );
  });

  it('shows a message only for fields the person has left', () => {
    const { errors } = checkCheckout({ email: '', name: '', mobile: '' });
    expect(shownErrors(errors, { name: true })).toEqual({ name: 'Name is required' });
    expect(shownErrors(errors, {})).toEqual({});
  });
});
