// The English of the pages after the landing: plans, checkout and the profile (see first.ts).
import { checkout } from './checkout';
import { flattenNamespaces } from './first';
import { plans } from './plans';
import { profile } from './profile';
import { referral } from './referral';

export const laterEnglishNamespaces = { plans, checkout, profile, referral } as const;
export const laterEnglishMessages = flattenNamespaces(laterEnglishNamespaces);
