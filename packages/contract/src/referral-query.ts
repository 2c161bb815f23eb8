/**
 * The query parameter of a share link, `{shop}/?ref=CODE#/sign-in` (referrals.ts). Apart from
 * the referrals' schemas so the landing page reads it without loading zod.
 */
export const REFERRAL_QUERY = 'ref';
