// The English of the sign-in page, one-time code, sign-in details and the account menu: the source of truth.
import { accountMessages, signupStatusTexts } from '@tern/contract/account-texts';

export const auth = {
  'page.title': 'Sign In',
  'page.description': 'Sign in to {brand} or create an account with a code sent to your e-mail.',
  'page.heading': 'Sign In to {brand} eSIM',
  'page.intro':
    'Enter your details and we will e-mail you a 6-digit code. New here? The same code creates your account.',
  // Shown when a plan chosen before signing in waits: 'France eSIM · 1 GB · 7 days'.
  'page.buying': 'You are buying: {plan}',
  'form.title': 'Your details',
  'form.email': 'Email address',
  'form.name': 'Full name',
  'form.mobile': 'Mobile number',
  'form.countryCode': 'Country code',
  'form.countrySearch': 'Search country or code',
  'form.countryNoMatch': 'No country found',
  'form.submit': 'Send sign-in code',
  // The spec's words for a field left wrong (spec section 5).
  'errors.invalidEmail': accountMessages.invalidEmail,
  'errors.invalidName': accountMessages.invalidName,
  'errors.invalidMobile': accountMessages.invalidMobile,
  // The status line above the code field, one per sign-up answer (spec section 4).
  'status.verifyUser': signupStatusTexts['Verify User'],
  'status.alreadyRegistered': signupStatusTexts['User already registered.'],
  'status.codeSentToNewUser': signupStatusTexts['Email sent to validate OTP'],
  'code.refused': accountMessages.otpFailed,
  'code.changeEmail': 'Use a different e-mail',
  'menu.myAccount': 'My Account',
  'menu.label': ', account menu',
  'menu.logout': 'Logout',
} as const;
