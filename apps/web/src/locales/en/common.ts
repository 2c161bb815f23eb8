// The English of the shared components (dialogs, form fields, problem alerts, load errors): the source of truth.
import { accountMessages } from '@tern/contract/account-texts';

export const common = {
  'dialog.close': 'Close dialog',
  'loadError.checkConnection': '{message} Check your connection and try again.',
  'loadError.retry': 'Try again',
  'loadError.retrying': 'Trying again…',
  'oneTimeCode.heading': 'Enter your code',
  'oneTimeCode.sent': 'We e-mailed a {length}-digit code to {email}.',
  'oneTimeCode.sentNew': 'We e-mailed a new {length}-digit code to {email}.',
  'oneTimeCode.label': '{length}-digit code',
  'oneTimeCode.invalid': accountMessages.invalidCode,
  'oneTimeCode.verify': 'Verify',
  'oneTimeCode.resend': 'Send a new code',
} as const;
