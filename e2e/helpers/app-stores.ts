// The shop under test names the app's store pages (APP_STORE_URL, PLAY_STORE_URL), so a
// browser test shows the footer's badges link where the shop owner configured them.
export const APP_STORE_URL = 'https://apps.apple.com/app/tern-travel-esim/id6400000001';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=app.tern.qa&hl=en';
