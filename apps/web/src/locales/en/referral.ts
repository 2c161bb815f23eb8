// The English of the profile's share link (issue 31): the source of truth.
export const referral = {
  tab: 'Invite friends',
  loading: 'Loading your link…',
  loadFailed: 'Your link could not be loaded.',
  title: 'Give {friendReward}, get {reward}',
  intro:
    'Share your link. When a friend signs up through it and pays for their first eSIM, you both get store credit: {friendReward} for them and {reward} for you, once their payment has gone through. Store credit never expires.',
  link: 'Your link',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'The link could not be copied. Select it and copy it by hand.',
  share: 'Share…',
  shareTitle: 'An eSIM for your next trip',
  counts:
    '{rewarded, plural, =0 {No friend has bought through your link yet} one {# friend has bought through your link} other {# friends have bought through your link}}; {pending, plural, =0 {none is waiting} one {# has signed up and not bought yet} other {# have signed up and not bought yet}}.',
  rules:
    'Only for friends: a second account with your e-mail address, card or device gives no credit. At most {max, plural, one {# reward} other {# rewards}} a month.',
} as const;
