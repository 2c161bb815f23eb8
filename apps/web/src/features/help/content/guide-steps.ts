// The eSIM Setup Guide's install-and-activate walkthroughs for iPhone (11 steps) and Android (8 steps), each with its illustration.
import android01 from '../assets/guide/android-01.svg';
import android02 from '../assets/guide/android-02.svg';
import android03 from '../assets/guide/android-03.svg';
import android04 from '../assets/guide/android-04.svg';
import android05 from '../assets/guide/android-05.svg';
import android06 from '../assets/guide/android-06.svg';
import android07 from '../assets/guide/android-07.svg';
import android08 from '../assets/guide/android-08.svg';
import iphone01 from '../assets/guide/iphone-01.svg';
import iphone02 from '../assets/guide/iphone-02.svg';
import iphone03 from '../assets/guide/iphone-03.svg';
import iphone04 from '../assets/guide/iphone-04.svg';
import iphone05 from '../assets/guide/iphone-05.svg';
import iphone06 from '../assets/guide/iphone-06.svg';
import iphone07 from '../assets/guide/iphone-07.svg';
import iphone08 from '../assets/guide/iphone-08.svg';
import iphone09 from '../assets/guide/iphone-09.svg';
import iphone10 from '../assets/guide/iphone-10.svg';
import iphone11 from '../assets/guide/iphone-11.svg';

export type GuideStep = {
  title: string;
  instructions: string[];
  /** URL of the step's illustration (a 240 × 480 SVG). */
  image: string;
  imageAlt: string;
};

export const iphoneSteps: GuideStep[] = [
  {
    title: 'Check that your iPhone supports eSIM',
    instructions: [
      'Open the Phone app and dial *#06#.',
      'If an EID number appears, your iPhone supports eSIM.',
      'No EID? This iPhone cannot use an eSIM.',
    ],
    image: iphone01,
    imageAlt:
      'iPhone screen after dialling *#06#, showing Device Info with the EID row highlighted.',
  },
  {
    title: 'Check that your iPhone is unlocked',
    instructions: [
      'Go to Settings > General > About.',
      'Find Carrier Lock. "No SIM restrictions" means your iPhone is unlocked.',
      'Any other message means the iPhone is locked: ask your carrier to unlock it first.',
    ],
    image: iphone02,
    imageAlt:
      'iPhone About screen with the Carrier Lock row highlighted, reading "No SIM restrictions".',
  },
  {
    title: 'Open your QR code on another screen',
    instructions: [
      'On a computer or tablet, sign in and open your profile, then My eSIMs.',
      'Choose QR Code on your eSIM and keep the code on screen (or print it).',
      'Connect your iPhone to a stable Wi-Fi network.',
    ],
    image: iphone03,
    imageAlt:
      'A computer showing My eSIMs with the QR Code button highlighted and the QR code open, next to an iPhone connected to Wi-Fi.',
  },
  {
    title: 'Add a new eSIM',
    instructions: [
      'On your iPhone, go to Settings > Cellular (called Mobile Data in some countries).',
      'Tap Add eSIM (Add Cellular Plan on older iOS versions).',
    ],
    image: iphone04,
    imageAlt: 'iPhone Cellular settings with the Add eSIM row highlighted.',
  },
  {
    title: 'Scan the QR code or use the install link',
    instructions: [
      'Tap Use QR Code and point the camera at the QR code on your other screen.',
      'On iOS 17.4 or later you can instead open the one-tap install link from My eSIMs on the iPhone itself.',
      'Tap Continue when your iPhone asks to add the eSIM, and wait while it downloads.',
    ],
    image: iphone05,
    imageAlt: 'iPhone camera screen titled Scan QR Code, with a QR code inside the viewfinder.',
  },
  {
    title: 'Or enter the details manually',
    instructions: [
      'If you cannot scan, tap Enter Details Manually at the bottom of the camera screen.',
      'Type the SM-DP+ Address and the Activation Code exactly as shown for your eSIM in My eSIMs.',
      'Leave Confirmation Code empty unless we gave you one, then tap Next.',
    ],
    image: iphone06,
    imageAlt:
      'iPhone Enter Details Manually form with SM-DP+ Address and Activation Code fields and a Next button.',
  },
  {
    title: 'Label your new plan',
    instructions: [
      'When the eSIM is added, iPhone asks you to label your plans.',
      'Choose Travel (or a custom label) for the new eSIM so you can tell it apart from your Primary line.',
      'Tap Continue.',
    ],
    image: iphone07,
    imageAlt: 'iPhone Cellular Plan Labels screen with the Travel label selected for the new eSIM.',
  },
  {
    title: 'Choose your default line',
    instructions: [
      'Keep Primary as your default line for calls and messages, and for iMessage and FaceTime.',
      'For Cellular Data, choose Primary for now; you will switch to Travel when you arrive.',
      'Leave Allow Cellular Data Switching off so your home line is not used abroad.',
    ],
    image: iphone08,
    imageAlt:
      'iPhone Default Line screen with Primary selected for calls and for cellular data, and Allow Cellular Data Switching off.',
  },
  {
    title: 'Keep the eSIM off until you arrive',
    instructions: [
      'Go to Settings > Cellular and tap your Travel line.',
      'Turn off Turn On This Line.',
      'Keeping it off until you arrive avoids roaming charges and stops your bundle from starting early.',
    ],
    image: iphone09,
    imageAlt: 'iPhone settings for the Travel line with the Turn On This Line switch off.',
  },
  {
    title: 'On arrival, turn on the eSIM and Data Roaming',
    instructions: [
      'When you land, go to Settings > Cellular and tap your Travel line.',
      'Turn on Turn On This Line.',
      'Turn on Data Roaming for the Travel line. Keep data roaming off on your Primary line.',
    ],
    image: iphone10,
    imageAlt:
      'iPhone settings for the Travel line with Turn On This Line and Data Roaming both switched on.',
  },
  {
    title: 'Use the eSIM for cellular data',
    instructions: [
      'Go to Settings > Cellular > Cellular Data and select Travel.',
      'Wait for the connection: activation may take up to 10 minutes.',
      'Check your remaining data any time in your profile under My eSIMs > Usage.',
    ],
    image: iphone11,
    imageAlt: 'iPhone Cellular Data screen with the Travel line selected.',
  },
];

export const androidSteps: GuideStep[] = [
  {
    title: 'Check that your phone supports eSIM and is unlocked',
    instructions: [
      'Open the Phone app and dial *#06#. If an EID number appears, your phone supports eSIM.',
      'Make sure the phone is unlocked from any network provider: ask your carrier, or try a SIM card from another network.',
    ],
    image: android01,
    imageAlt:
      'Android screen after dialling *#06#, showing device info with the EID row highlighted.',
  },
  {
    title: 'Open your QR code on another screen',
    instructions: [
      'On a computer or tablet, sign in and open your profile, then My eSIMs.',
      'Choose QR Code on your eSIM and keep the code on screen (or print it).',
      'Connect your phone to a stable Wi-Fi network.',
    ],
    image: android02,
    imageAlt:
      'A computer showing My eSIMs with the QR Code button highlighted and the QR code open, next to an Android phone connected to Wi-Fi.',
  },
  {
    title: 'Add a new eSIM',
    instructions: [
      'Go to Settings > Network & internet > SIMs.',
      'Tap Add eSIM (or Add SIM, then Download a SIM instead).',
      'On Samsung Galaxy phones: Settings > Connections > SIM manager > Add eSIM.',
    ],
    image: android03,
    imageAlt: 'Android SIMs settings screen with the Add eSIM row highlighted.',
  },
  {
    title: 'Scan the QR code, or enter the code',
    instructions: [
      'Point the camera at the QR code on your other screen.',
      'On phones that support it, you can instead open the one-tap install link from My eSIMs on the phone itself.',
      'To type it in, choose Enter code manually and enter the SM-DP+ address and activation code from My eSIMs (if asked for a single code, type LPA:1$, the SM-DP+ address, $ and the activation code).',
    ],
    image: android04,
    imageAlt:
      'Android Scan QR code screen with a QR code inside the viewfinder and an Enter code manually button.',
  },
  {
    title: 'Download the eSIM and name it',
    instructions: [
      'Confirm to download the eSIM and wait until it is added.',
      'Give it a name such as Travel so you can tell it apart from your home SIM.',
    ],
    image: android05,
    imageAlt: 'Android dialog to name the new SIM, with the name Travel entered and a Save button.',
  },
  {
    title: 'Keep your home SIM as default and the eSIM off until you arrive',
    instructions: [
      'Under SIM preferences, keep your home SIM for calls, SMS and, for now, mobile data.',
      'Open the Travel eSIM and turn off Use SIM until you arrive, to avoid roaming charges and an early start of your bundle.',
    ],
    image: android06,
    imageAlt:
      'Android settings for the Travel SIM with Use SIM switched off and the home SIM preferred for calls, SMS and mobile data.',
  },
  {
    title: 'On arrival, turn on the eSIM and Roaming',
    instructions: [
      'When you land, go back to Settings > Network & internet > SIMs and open Travel.',
      'Turn on Use SIM.',
      'Turn on Roaming for the Travel eSIM. Keep roaming off on your home SIM.',
    ],
    image: android07,
    imageAlt: 'Android settings for the Travel SIM with Use SIM and Roaming both switched on.',
  },
  {
    title: 'Use the eSIM for mobile data',
    instructions: [
      'Under SIM preferences, set Mobile data to Travel.',
      'Wait for the connection: activation may take up to 10 minutes.',
      'Check your remaining data any time in your profile under My eSIMs > Usage.',
    ],
    image: android08,
    imageAlt: 'Android Mobile data choice with the Travel SIM selected.',
  },
];
