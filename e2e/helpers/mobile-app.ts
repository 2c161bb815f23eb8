// The shop under test hands mobile payments to an app scheme other than the default, so a
// browser test shows that MOBILE_APP_SCHEME, not a fixed 'tern', reaches the hand-off link.
export const MOBILE_APP_SCHEME = 'ternqa';
