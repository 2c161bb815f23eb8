/**
 * The words of every e-mail the shop sends, one table per language. English is the source of
 * truth and stays word for word as the e-mails have always read; Arabic and French say the same
 * in natural language. Names, order references, plan titles, links and codes are passed in and
 * kept as they are. A test checks that every English text has an Arabic and a French one.
 */
import type { Language } from '@tern/contract';

const en = {
  codeSubject: (brand: string) => `Your ${brand} sign-in code`,
  codeEnter: 'Enter this code to sign in:',
  codeValidity: (minutes: number) =>
    `It works once, within ${minutes} minutes. If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.`,
  thanks: (name: string, orderId: string, planTitle: string, paid: string) =>
    `Hello ${name}, thank you for your order ${orderId}: ${planTitle}, ${paid}.`,
  esimHeading: 'Your eSIM is ready',
  esimSubject: (brand: string, orderId: string) => `Your ${brand} eSIM is ready (${orderId})`,
  esimInstall:
    'Install it before you travel, on a phone connected to Wi-Fi: scan the QR code in this e-mail with your phone camera (Settings > Mobile Data > Add eSIM), or open this e-mail on the phone and tap the install link.',
  esimIphoneLink: (link: string) => `iPhone (iOS 17.4 or later), one tap: ${link}`,
  esimAndroidLink: (link: string) => `Android, one tap: ${link}`,
  esimByHand: (smdpAddress: string, activationCode: string) =>
    `To enter it by hand: SM-DP+ address ${smdpAddress}, activation code ${activationCode}.`,
  esimActivationString: (lpa: string) => `Full activation string: ${lpa}`,
  esimIccid: (iccid: string) => `ICCID: ${iccid}`,
  esimAfterInstall:
    'Keep the eSIM off until you arrive, then turn on data roaming for it. An eSIM can be installed on one device only, and most only once.',
  esimQrAlt: (lpa: string) => `eSIM QR code: ${lpa}`,
  installOnIphone: 'Install on iPhone (iOS 17.4 or later)',
  installOnAndroid: 'Install on Android',
  topupHeading: 'Your top-up is on your eSIM',
  topupSubject: (brand: string, orderId: string) => `Your ${brand} top-up is ready (${orderId})`,
  topupAdded: (iccid: string) =>
    `The bundle was added to your eSIM ${iccid}. There is nothing to install: it starts when the phone uses the eSIM on a supported network with data roaming on.`,
  moneyRefunded: (paid: string) =>
    `We have refunded ${paid} to your card; depending on your bank it shows within 5 to 10 days.`,
  moneyReleased: (paid: string) =>
    `You have not been charged: the ${paid} held on your card has been released.`,
  creditReturned: (credit: string) =>
    `The ${credit} of store credit used on the order is back in your account: it never expires.`,
  undeliverableHeading: 'We could not deliver your eSIM',
  refundedHeading: 'Your order was refunded',
  undeliverableBody: (name: string, orderId: string, planTitle: string) =>
    `Hello ${name}, we are sorry: our eSIM provider could not deliver your order ${orderId} (${planTitle}).`,
  refundedBody: (name: string, orderId: string, planTitle: string) =>
    `Hello ${name}, your order ${orderId} (${planTitle}) has been refunded, as agreed with our support team.`,
  supportWelcome: 'You are welcome to write to our support team, available 24/7.',
  undeliverableSubject: (brand: string, orderId: string) =>
    `Your ${brand} order ${orderId} could not be delivered`,
  refundedSubject: (brand: string, orderId: string) =>
    `Your ${brand} order ${orderId} was refunded`,
  selfRefundSubject: (brand: string, iccid: string) => `Your ${brand} eSIM ${iccid} was refunded`,
  selfRefundHeading: 'Your eSIM was refunded',
  selfRefundBody: (name: string, iccid: string) =>
    `Hello ${name}, as you asked, we have cancelled your eSIM ${iccid}, which was never installed, and given back what you paid for it.`,
  selfRefundOrder: (orderId: string, planTitle: string) => `Order ${orderId} (${planTitle}).`,
  selfRefundGone:
    'The eSIM can no longer be installed: you can delete its QR code and the install details we sent you earlier.',
};

export type MailTexts = typeof en;

/** Arabic counts 3 to 10 minutes with the plural "دقائق", 11 and more with "دقيقة". */
const arabicMinutes = (minutes: number) =>
  minutes >= 3 && minutes <= 10 ? `${minutes} دقائق` : `${minutes} دقيقة`;

const ar: MailTexts = {
  codeSubject: (brand) => `رمز الدخول إلى ${brand}`,
  codeEnter: 'أدخل هذا الرمز لتسجيل الدخول:',
  codeValidity: (minutes) =>
    `يصلح الرمز مرة واحدة خلال ${arabicMinutes(minutes)}. إن لم تطلبه فتجاهل هذه الرسالة: لا يستطيع أحد الدخول من دون الرمز.`,
  thanks: (name, orderId, planTitle, paid) =>
    `مرحبًا ${name}، شكرًا لطلبك ${orderId}: ${planTitle}، ${paid}.`,
  esimHeading: 'شريحة eSIM الخاصة بك جاهزة',
  esimSubject: (brand, orderId) => `شريحة eSIM من ${brand} جاهزة (${orderId})`,
  esimInstall:
    'ثبّتها قبل السفر على هاتف متصل بشبكة Wi-Fi: امسح رمز QR الموجود في هذه الرسالة بكاميرا هاتفك (الإعدادات > البيانات الخلوية > إضافة eSIM)، أو افتح هذه الرسالة على الهاتف واضغط على رابط التثبيت.',
  esimIphoneLink: (link) => `آيفون (iOS 17.4 أو أحدث)، بلمسة واحدة: ${link}`,
  esimAndroidLink: (link) => `أندرويد، بلمسة واحدة: ${link}`,
  esimByHand: (smdpAddress, activationCode) =>
    `لإدخالها يدويًا: عنوان SM-DP+‏ ${smdpAddress}، ورمز التفعيل ${activationCode}.`,
  esimActivationString: (lpa) => `سلسلة التفعيل الكاملة: ${lpa}`,
  esimIccid: (iccid) => `رقم ICCID: ${iccid}`,
  esimAfterInstall:
    'أبقِ شريحة eSIM مطفأة حتى تصل، ثم فعّل لها تجوال البيانات. لا تُثبَّت شريحة eSIM إلا على جهاز واحد، ومعظمها مرة واحدة فقط.',
  esimQrAlt: (lpa) => `رمز QR لشريحة eSIM: ${lpa}`,
  installOnIphone: 'التثبيت على آيفون (iOS 17.4 أو أحدث)',
  installOnAndroid: 'التثبيت على أندرويد',
  topupHeading: 'أُضيفت باقة الشحن إلى شريحة eSIM الخاصة بك',
  topupSubject: (brand, orderId) => `باقة الشحن من ${brand} جاهزة (${orderId})`,
  topupAdded: (iccid) =>
    `أُضيفت الباقة إلى شريحة eSIM رقم ${iccid}. لا حاجة إلى تثبيت أي شيء: تبدأ الباقة حين يستخدم الهاتف الشريحة على شبكة مدعومة مع تفعيل تجوال البيانات.`,
  moneyRefunded: (paid) => `أعدنا ${paid} إلى بطاقتك، ويظهر المبلغ خلال 5 إلى 10 أيام بحسب مصرفك.`,
  moneyReleased: (paid) => `لم يُقتطع منك أي مبلغ: أُلغي حجز ${paid} على بطاقتك.`,
  creditReturned: (credit) =>
    `أُعيد إلى حسابك رصيد المتجر المستخدم في الطلب وقدره ${credit}، ولا تنتهي صلاحيته.`,
  undeliverableHeading: 'تعذّر علينا تسليم شريحة eSIM الخاصة بك',
  refundedHeading: 'أُعيد إليك ثمن طلبك',
  undeliverableBody: (name, orderId, planTitle) =>
    `مرحبًا ${name}، نعتذر إليك: لم يتمكن مزوّد eSIM لدينا من تسليم طلبك ${orderId} (${planTitle}).`,
  refundedBody: (name, orderId, planTitle) =>
    `مرحبًا ${name}، أُعيد إليك ثمن طلبك ${orderId} (${planTitle}) كما اتُّفق مع فريق الدعم لدينا.`,
  supportWelcome: 'يسعد فريق الدعم لدينا أن يجيبك في أي وقت، على مدار الساعة طوال أيام الأسبوع.',
  undeliverableSubject: (brand, orderId) => `تعذّر تسليم طلبك ${orderId} من ${brand}`,
  refundedSubject: (brand, orderId) => `أُعيد ثمن طلبك ${orderId} من ${brand}`,
  selfRefundSubject: (brand, iccid) => `أُعيد إليك ثمن شريحة eSIM رقم ${iccid} من ${brand}`,
  selfRefundHeading: 'أُعيد إليك ثمن شريحة eSIM',
  selfRefundBody: (name, iccid) =>
    `مرحبًا ${name}، بناءً على طلبك ألغينا شريحة eSIM رقم ${iccid} التي لم تُثبَّت قط، وأعدنا إليك ما دفعته ثمنًا لها.`,
  selfRefundOrder: (orderId, planTitle) => `الطلب ${orderId} (${planTitle}).`,
  selfRefundGone:
    'لم يعد بالإمكان تثبيت هذه الشريحة: يمكنك حذف رمز QR الخاص بها وتفاصيل التثبيت التي أرسلناها إليك سابقًا.',
};

/** French puts a no-break space before ':' and ';'. */
const fr: MailTexts = {
  codeSubject: (brand) => `Votre code de connexion ${brand}`,
  codeEnter: 'Saisissez ce code pour vous connecter\u00a0:',
  codeValidity: (minutes) =>
    `Il ne sert qu’une fois, dans les ${minutes} minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail\u00a0: personne ne peut se connecter sans ce code.`,
  thanks: (name, orderId, planTitle, paid) =>
    `Bonjour ${name}, merci pour votre commande ${orderId}\u00a0: ${planTitle}, ${paid}.`,
  esimHeading: 'Votre eSIM est prête',
  esimSubject: (brand, orderId) => `Votre eSIM ${brand} est prête (${orderId})`,
  esimInstall:
    'Installez-la avant de partir, sur un téléphone connecté au Wi-Fi\u00a0: scannez le code QR de cet e-mail avec l’appareil photo du téléphone (Réglages > Données cellulaires > Ajouter une eSIM), ou ouvrez cet e-mail sur le téléphone et touchez le lien d’installation.',
  esimIphoneLink: (link) => `iPhone (iOS 17.4 ou ultérieur), en un geste\u00a0: ${link}`,
  esimAndroidLink: (link) => `Android, en un geste\u00a0: ${link}`,
  esimByHand: (smdpAddress, activationCode) =>
    `Pour la saisir à la main\u00a0: adresse SM-DP+ ${smdpAddress}, code d’activation ${activationCode}.`,
  esimActivationString: (lpa) => `Chaîne d’activation complète\u00a0: ${lpa}`,
  esimIccid: (iccid) => `ICCID\u00a0: ${iccid}`,
  esimAfterInstall:
    'Laissez l’eSIM désactivée jusqu’à votre arrivée, puis activez pour elle l’itinérance des données. Une eSIM ne s’installe que sur un seul appareil, et la plupart une seule fois.',
  esimQrAlt: (lpa) => `Code QR de l’eSIM\u00a0: ${lpa}`,
  installOnIphone: 'Installer sur iPhone (iOS 17.4 ou ultérieur)',
  installOnAndroid: 'Installer sur Android',
  topupHeading: 'Votre recharge est sur votre eSIM',
  topupSubject: (brand, orderId) => `Votre recharge ${brand} est prête (${orderId})`,
  topupAdded: (iccid) =>
    `Le forfait a été ajouté à votre eSIM ${iccid}. Rien à installer\u00a0: il démarre dès que le téléphone utilise l’eSIM sur un réseau compatible, itinérance des données activée.`,
  moneyRefunded: (paid) =>
    `Nous avons remboursé ${paid} sur votre carte\u00a0; selon votre banque, le remboursement apparaît sous 5 à 10 jours.`,
  moneyReleased: (paid) =>
    `Aucun montant ne vous a été débité\u00a0: la somme de ${paid} réservée sur votre carte a été libérée.`,
  creditReturned: (credit) =>
    `Les ${credit} d’avoir boutique utilisés pour la commande sont revenus sur votre compte\u00a0; cet avoir n’expire jamais.`,
  undeliverableHeading: 'Nous n’avons pas pu livrer votre eSIM',
  refundedHeading: 'Votre commande a été remboursée',
  undeliverableBody: (name, orderId, planTitle) =>
    `Bonjour ${name}, nous sommes désolés\u00a0: notre fournisseur d’eSIM n’a pas pu livrer votre commande ${orderId} (${planTitle}).`,
  refundedBody: (name, orderId, planTitle) =>
    `Bonjour ${name}, votre commande ${orderId} (${planTitle}) a été remboursée, comme convenu avec notre équipe d’assistance.`,
  supportWelcome:
    'Notre équipe d’assistance vous répond 24 h/24, 7 j/7\u00a0: n’hésitez pas à lui écrire.',
  undeliverableSubject: (brand, orderId) =>
    `Votre commande ${brand} ${orderId} n’a pas pu être livrée`,
  refundedSubject: (brand, orderId) => `Votre commande ${brand} ${orderId} a été remboursée`,
  selfRefundSubject: (brand, iccid) => `Votre eSIM ${brand} ${iccid} a été remboursée`,
  selfRefundHeading: 'Votre eSIM a été remboursée',
  selfRefundBody: (name, iccid) =>
    `Bonjour ${name}, comme vous l’avez demandé, nous avons annulé votre eSIM ${iccid}, qui n’a jamais été installée, et vous avons rendu ce que vous aviez payé pour elle.`,
  selfRefundOrder: (orderId, planTitle) => `Commande ${orderId} (${planTitle}).`,
  selfRefundGone:
    'L’eSIM ne peut plus être installée : vous pouvez supprimer son code QR et les instructions d’installation reçues auparavant.',
};

export const mailTexts: Record<Language, MailTexts> = { en, ar, fr };
