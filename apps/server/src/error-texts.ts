/**
 * The words of the API's error answers, one table per language, keyed as the contract names
 * them (`codeRefusals.wrong`). English is the contract's own text, word for word as the API
 * has always answered; Arabic and French say the same in natural language. A service throws an
 * HttpError naming a key (errors.ts) and the error handler says it in the request's language.
 * Tests fail when an English message has no Arabic or French text, or when a translation is a
 * copy of the English (docs/decisions/0019).
 */
import {
  accountMessages,
  cardTopupMessages,
  catalogErrorMessages,
  codeRefusals,
  creditMessages,
  diagnosisMessages,
  errorMessages,
  giftMessages,
  type Language,
  opsConsoleMessages,
  opsMessages,
  opsReportMessages,
  orderMessages,
  profileMessages,
  promoMessages,
  refundMessages,
  savedCardMessages,
  usageAlertMessages,
} from '@tern/contract';

/** The contract's groups of messages the API refuses or fails with. */
const contractMessages = {
  errorMessages,
  accountMessages,
  codeRefusals,
  orderMessages,
  profileMessages,
  catalogErrorMessages,
  refundMessages,
  usageAlertMessages,
  diagnosisMessages,
  opsMessages,
  opsConsoleMessages,
  opsReportMessages,
  promoMessages,
  giftMessages,
  creditMessages,
  savedCardMessages,
  cardTopupMessages,
} as const;
type ContractMessages = typeof contractMessages;

/**
 * Success answers stay English in every language: the web and older clients branch on their
 * exact words (`signupResponseSchema`), and the web shows its own translated status instead.
 */
const staysEnglish = [
  'codeSentToNewUser',
  'alreadyRegistered',
  'verifyUser',
  'signedIn',
  'contactSent',
  'codeSent',
  'signedOut',
] as const;
type StaysEnglish = (typeof staysEnglish)[number];

/** One language's words for every translated contract message, group by group. */
export type ErrorTexts = {
  [Group in keyof ContractMessages]: {
    [Key in Exclude<keyof ContractMessages[Group], StaysEnglish>]: string;
  };
};

/** The English table: the contract's texts themselves, without the success answers. */
function englishTexts(): ErrorTexts {
  const table: Record<string, Record<string, string>> = {};
  for (const [group, messages] of Object.entries(contractMessages)) {
    table[group] = Object.fromEntries(
      Object.entries(messages).filter(
        ([key]) => !(staysEnglish as readonly string[]).includes(key),
      ),
    );
  }
  return table as ErrorTexts;
}

const en = englishTexts();

const ar: ErrorTexts = {
  errorMessages: {
    generic: 'حدث خطأ ما؛ يُرجى المحاولة مجددًا لاحقًا.',
    invalidAntiForgeryToken: 'رمز الحماية من الطلبات المزوّرة غير صالح',
    notFound: 'غير موجود',
    invalidRequest: 'الطلب غير صالح.',
  },
  accountMessages: {
    invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح',
    invalidName: 'يُرجى إدخال اسم صالح',
    invalidMobile: 'يُرجى إدخال رقم الهاتف المحمول',
    invalidCode: 'يُرجى إدخال الرمز المكوّن من 6 أرقام',
    emptyMessage: 'يُرجى كتابة رسالتك',
    otpFailed: 'تعذّر التحقق من الرمز',
    codeNotSent: 'تعذّر علينا إرسال الرمز. يُرجى المحاولة مجددًا لاحقًا.',
    tokenRequired: 'رمز المصادقة مطلوب.',
    contactFailed:
      'تعذّر إرسال البريد الإلكتروني. يُرجى المحاولة مجددًا لاحقًا أو التواصل معنا مباشرةً.',
  },
  codeRefusals: {
    wrong: 'هذا الرمز غير صحيح. راجِع البريد الإلكتروني وحاول مجددًا.',
    invalid: 'الرمز غير صالح. اطلب رمزًا جديدًا.',
    expired: 'انتهت صلاحية الرمز. اطلب رمزًا جديدًا.',
    tooManyTries: 'محاولات خاطئة كثيرة لهذا الرمز. اطلب رمزًا جديدًا.',
  },
  orderMessages: {
    noPlanSelected: 'لم تختر باقة للشراء.',
    paymentCanceled: 'خطأ: أُلغي الدفع',
    emailMismatch: 'يجب أن يكون البريد الإلكتروني هو نفسه الذي سجّلت الدخول به.',
    invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح',
    nameRequired: 'الاسم مطلوب',
    mobileRequired: 'رقم الهاتف المحمول مطلوب',
    iccidRequired: 'تتطلّب إعادة الشحن رقم ICCID لإحدى شرائح eSIM الخاصة بك.',
    esimNotFound: 'لم يُعثر على شريحة eSIM',
    esimRefunded:
      'استُرد ثمن شريحة eSIM هذه وأُعيدت، فلا يمكن شحنها. اختر شريحة eSIM جديدة بدلًا منها.',
    orderNotFound: 'لم يُعثر على الطلب',
    gatewayUnavailable: 'تعذّر فتح صفحة الدفع الآن. لم يُخصم أي مبلغ؛ يُرجى المحاولة مجددًا بعد قليل.',
    confirmationUnavailable:
      'تعذّر علينا الوصول إلى بوابة الدفع لتأكيد دفعتك. يُرجى مراجعة حسابك مجددًا بعد بضع دقائق.',
    resultIndicatorMismatch: 'نتيجة الدفع لا تخص هذا الطلب.',
    invalidReference: 'مرجع الطلب غير صالح.',
    invalidNotificationSecret: 'السر المرفق بالإشعار مفقود أو غير مطابق.',
    invalidNotification: 'لا يذكر الإشعار أي طلب.',
    cannotSellNow: 'لا يمكننا بيع هذه الباقة الآن. لم يُخصم أي مبلغ؛ يُرجى المحاولة لاحقًا.',
    planUnavailable: 'لم تعد هذه الباقة متاحة. لم يُخصم أي مبلغ؛ يُرجى اختيار باقة أخرى.',
    priceChanged:
      'تغيّر سعر هذه الباقة للتو لدى مزوّدنا. لم يُخصم أي مبلغ؛ يُرجى اختيار باقة أخرى أو المحاولة لاحقًا.',
    topUpIncompatible:
      'لا يمكن إضافة هذه الباقة إلى شريحة eSIM هذه. لم يُخصم أي مبلغ؛ يُرجى اختيار باقة أخرى أو شراؤها على شريحة eSIM جديدة.',
    esimUnavailable:
      'لم يعد بالإمكان إعادة شحن شريحة eSIM هذه. لم يُخصم أي مبلغ؛ يُرجى شراء شريحة eSIM جديدة بدلًا منها.',
    homeCountryUnconfirmed:
      'هذه الباقة لبلدك أنت، وباقاتنا مخصّصة للاستخدام في الخارج. لم يُخصم أي مبلغ؛ يُرجى تأكيد رغبتك في باقة لبلدك، أو اختيار وجهة أخرى.',
  },
  profileMessages: {
    emailRequired: 'البريد الإلكتروني للعميل مطلوب لعرض الفواتير.',
    emailMismatch: 'يجب أن يكون البريد الإلكتروني هو نفسه الذي سجّلت الدخول به.',
    esimNotFound: 'لم يُعثر على شريحة eSIM',
    ledgerEntryNotFound: 'لم يُعثر على الفاتورة',
    creditNoteNotFound: 'لم تُسترد هذه الفاتورة، فلا إشعار دائن لها.',
    providerUnavailable:
      'تعذّر علينا الوصول إلى مزوّد شرائح eSIM الآن. يُرجى المحاولة مجددًا بعد قليل.',
  },
  catalogErrorMessages: {
    countryNotFound: 'لم يُعثر على البلد',
    regionNotFound: 'لم يُعثر على المنطقة',
    planNotFound: 'لم يُعثر على الباقة',
  },
  refundMessages: {
    installed:
      'ثُبّتت شريحة eSIM هذه على هاتف، لذا لم يعد بالإمكان استرداد ثمنها من هنا. إن لم تعمل، يُرجى التواصل مع فريق الدعم لدينا.',
    windowPassed:
      'يمكن استرداد الثمن خلال 14 يومًا من الشراء، وقد اشتُريت شريحة eSIM هذه قبل أكثر من 14 يومًا.',
    purchaseInProgress:
      'لا تزال عملية شراء على شريحة eSIM هذه قيد الإتمام. يُرجى المحاولة مجددًا بعد بضع دقائق.',
    providerUnavailable:
      'تعذّر علينا إلغاء شريحة eSIM لدى مزوّدنا الآن، لذا لم يُسترد أي مبلغ بعد. يُرجى المحاولة مجددًا بعد قليل.',
    gatewayUnavailable:
      'أُلغيت شريحة eSIM الخاصة بك، لكن خدمة الدفع لم تستجب، لذا لم يُعَد إليك المبلغ بعد. يُرجى المحاولة مجددًا بعد قليل: سنكمل من حيث توقفنا.',
  },
  usageAlertMessages: {
    invalidSignature: 'توقيع الإشعار مفقود أو غير مطابق.',
    invalidBody: 'محتوى الإشعار ليس بصيغة JSON.',
  },
  cardTopupMessages: {
    cardRequired: 'اختر إحدى بطاقاتك المحفوظة.',
    cardNotFound: 'لا توجد بطاقة محفوظة بهذا المعرّف في حسابك.',
    planRequired: 'اختر الباقة التي تريد شراءها.',
    percentRange: 'اختر متى تُعاد التعبئة: عندما يتبقى من 5% إلى 50% من البيانات.',
    maxPerMonthRange: 'اختر من مرة واحدة إلى 10 مرات تعبئة تلقائية في الشهر كحدّ أقصى.',
    declined: 'رُفضت بطاقتك، لذا لم يُدفع أي مبلغ. جرّب بطاقة أخرى.',
    authenticationFailed:
      'لم يتمكن مصرفك من التحقق من هويتك، لذا لم يُدفع أي مبلغ. حاول مجددًا أو استخدم بطاقة أخرى.',
    agreementRefused:
      'لم تقبل خدمة الدفع المدفوعات التلقائية بهذه البطاقة، لذا التعبئة التلقائية متوقفة. جرّب بطاقة أخرى.',
    gatewayUnavailable:
      'خدمة الدفع لا تستجيب الآن، لذا لم يُدفع أي مبلغ. يُرجى المحاولة مجددًا بعد قليل.',
    paymentUnconfirmed:
      'لم تؤكّد خدمة الدفع عملية الدفع. إن خُصم المبلغ من بطاقتك فستصلك التعبئة تلقائيًا خلال دقائق، ولن يُخصم منك مرتين.',
    autoTopupNotFound: 'التعبئة التلقائية غير مفعّلة لشريحة eSIM هذه.',
    esimNotEligible:
      'التعبئة التلقائية متاحة فقط لشريحة eSIM مثبّتة لا تزال قيد الاستخدام ولم يُسترد ثمنها.',
    stopLinkInvalid: 'رابط الإيقاف هذا غير صالح. سجّل الدخول لإدارة التعبئة التلقائية.',
    stopLinkUsed: 'استُخدم رابط الإيقاف هذا من قبل. التعبئة التلقائية متوقفة.',
  },
  savedCardMessages: {
    cardNotFound: 'لا توجد بطاقة محفوظة بهذا المعرّف في حسابك.',
    gatewayUnavailable:
      'لم تؤكّد خدمة الدفع حذف بطاقتك، لذا لا تزال محفوظة. يُرجى المحاولة مجددًا بعد قليل.',
  },
  creditMessages: {
    noCreditLeft: 'استُخدم رصيدك في المتجر في طلب آخر. لم يُخصم أي مبلغ؛ راجِع السعر وحاول مجددًا.',
    grantAmountInvalid: 'يجب أن يكون الرصيد مبلغًا بين 0.01 و1000 دولار أميركي، بدقة السنت.',
    grantReasonRequired: 'اذكر سبب منح الرصيد ببضع كلمات (من 3 إلى 200 حرف).',
  },
  opsConsoleMessages: {
    customerNotFound: 'لا يوجد حساب عميل بهذا المعرّف.',
    syncRunning:
      'تجري مزامنة للكتالوج بالفعل. لم تبدأ مزامنة جديدة؛ ستظهر نتيجتها هنا عند انتهائها.',
    syncFailed: 'فشلت مزامنة الكتالوج، وبقي الكتالوج المعروض للبيع كما كان. يذكر السجل السبب.',
  },
  opsMessages: {
    signInRefused: 'رمز البريد الإلكتروني أو رمز تطبيق المصادقة غير صحيح أو انتهت صلاحيته.',
    totpRequired: 'أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة، أو رمز استرداد.',
    sessionRequired: 'سجّل الدخول إلى لوحة التشغيل أولًا؛ ربما انتهت جلستك.',
    roleRequired: 'يتيح لك دورك الاطلاع على هذا دون تغييره.',
    orderBusy: 'تتولى عملية خلفية هذا الطلب الآن. لم يتغيّر شيء؛ حاول مجددًا بعد دقيقة.',
    notRefundable: 'لا يمكن رد مبلغ هذا الطلب في حالته الحالية.',
    notDelivered: 'لا توجد لهذا الطلب شريحة eSIM مُسلَّمة يمكن إعادة إرسال بريدها.',
    notParked: 'هذا الطلب لا ينتظر مشغّلاً: لم يُعلَّم شيء.',
    dayNotBegun: 'لم يبدأ هذا اليوم بعد: اختر اليوم أو يومًا سابقًا.',
    reconciliationUnavailable:
      'لم يستجب eSIM Go أو بوابة الدفع، لذا تعذّرت مطابقة هذا اليوم. حاول مجددًا بعد دقيقة.',
    providerOrderNotFound: 'لا توجد لدى eSIM Go عملية شراء بهذا المرجع.',
    providerOrderClaimed:
      'هذا الطلب لدى المزوّد يعود إلى طلب في المتجر: عالجه من ذلك الطلب. لم يتغيّر شيء.',
    providerOrderInDoubt:
      'لا يزال طلب في المتجر يبحث عن طلبه لدى eSIM Go لهذه الباقة وقد يطالب بهذا الطلب. لم يتغيّر شيء؛ حاول مجددًا بعد أن يستقر.',
    paymentNotFound: 'لا توجد لدى بوابة الدفع أي دفعة بهذا المعرّف.',
    paymentHasOrder: 'هذه الدفعة تعود إلى طلب في المتجر: عالجها من ذلك الطلب. لم يتغيّر شيء.',
    returnBusy: 'تجري تسوية هذا الأمر الآن. لم يتغيّر شيء؛ حاول مجددًا بعد دقيقة.',
    returnFailed: 'لم يستجب eSIM Go أو بوابة الدفع. ما أُنجز محفوظ، وسيُعاد تنفيذ الباقي تلقائيًا.',
  },
  diagnosisMessages: {
    refreshDeactivated: 'لم تعد شريحة eSIM هذه مفعّلة على الشبكة، لذا لا يمكن تحديث اتصالها.',
    refreshBusy: 'لا تزال الشبكة منشغلة بشريحة eSIM هذه. يُرجى المحاولة مجددًا بعد دقيقة.',
    refreshTooOften:
      'حُدّث اتصال شريحة eSIM هذه بالشبكة عدة مرات. يُرجى الانتظار ساعة قبل المحاولة مجددًا.',
  },
  opsReportMessages: {
    periodReversed: 'يجب أن تنتهي الفترة في يوم بدايتها أو بعده.',
    periodTooLong: 'اختر فترة لا تتجاوز 366 يومًا.',
  },
  promoMessages: {
    unknown: 'رمز الخصم هذا غير موجود. تحقق من كتابته.',
    notStarted: 'لا يمكن استخدام رمز الخصم هذا بعد.',
    expired: 'انتهت صلاحية رمز الخصم هذا.',
    usedUp: 'استُخدم رمز الخصم هذا بقدر ما يسمح به.',
    alreadyUsed: 'لقد استخدمت رمز الخصم هذا من قبل.',
    notForDestination: 'رمز الخصم هذا ليس لوجهة هذه الباقة.',
    belowMinimum: 'رمز الخصم هذا مخصص للباقات ذات السعر الأعلى فقط.',
    codeTaken: 'يوجد رمز خصم بهذا الاسم بالفعل. اختر اسمًا آخر.',
  },
  giftMessages: {
    invalidEmail: 'يُرجى إدخال البريد الإلكتروني للشخص الذي تهديه شريحة eSIM هذه.',
    messageTooLong: 'يمكن أن تتألف رسالة الهدية من 300 حرف على الأكثر.',
    ownEmail:
      'لا يمكنك إرسال هدية إلى بريدك الإلكتروني. أوقف خيار «هذه هدية» لتشتري شريحة eSIM هذه لنفسك.',
    topupGift: 'لا يمكن أن تكون إعادة الشحن هدية: وحدها شريحة eSIM جديدة يمكن إرسالها إلى شخص آخر.',
    messageWithoutEmail: 'تحتاج رسالة الهدية إلى البريد الإلكتروني للشخص الذي ستُرسل إليه.',
    toppedUpByRecipient:
      'أضاف الشخص الذي أهديته شريحة eSIM هذه رصيدًا إليها، لذا لم يعد ممكنًا استرداد ثمنها من هنا. يُرجى التواصل مع فريق الدعم.',
  },
};

const fr: ErrorTexts = {
  errorMessages: {
    generic: 'Une erreur s’est produite\u00a0; veuillez réessayer plus tard.',
    invalidAntiForgeryToken: 'Jeton anti-falsification non valide',
    notFound: 'Introuvable',
    invalidRequest: 'La requête n’est pas valide.',
  },
  accountMessages: {
    invalidEmail: 'Veuillez saisir une adresse e-mail valide',
    invalidName: 'Veuillez saisir un nom valide',
    invalidMobile: 'Veuillez saisir un numéro de mobile',
    invalidCode: 'Veuillez saisir le code à 6 chiffres',
    emptyMessage: 'Veuillez saisir votre message',
    otpFailed: 'Échec de la vérification du code',
    codeNotSent: 'Nous n’avons pas pu envoyer le code. Veuillez réessayer plus tard.',
    tokenRequired: 'Un jeton d’authentification est requis.',
    contactFailed:
      'L’envoi de l’e-mail a échoué. Veuillez réessayer plus tard ou nous écrire directement.',
  },
  codeRefusals: {
    wrong: 'Ce code n’est pas le bon. Vérifiez l’e-mail et réessayez.',
    invalid: 'Ce code n’est pas valide. Demandez-en un nouveau.',
    expired: 'Ce code a expiré. Demandez-en un nouveau.',
    tooManyTries: 'Trop d’essais erronés pour ce code. Demandez-en un nouveau.',
  },
  orderMessages: {
    noPlanSelected: 'Aucun forfait choisi pour l’achat.',
    paymentCanceled: 'Erreur\u00a0: paiement annulé',
    emailMismatch: 'L’adresse e-mail doit être celle avec laquelle vous vous êtes connecté.',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide',
    nameRequired: 'Le nom est obligatoire',
    mobileRequired: 'Le numéro de mobile est obligatoire',
    iccidRequired: 'Une recharge nécessite l’ICCID de l’une de vos eSIM.',
    esimNotFound: 'eSIM introuvable',
    esimRefunded:
      'Cette eSIM a été remboursée et restituée : elle ne peut plus être rechargée. Choisissez plutôt une nouvelle eSIM.',
    orderNotFound: 'Commande introuvable',
    gatewayUnavailable:
      'La page de paiement ne peut pas s’ouvrir pour le moment. Rien n’a été débité\u00a0; veuillez réessayer dans un instant.',
    confirmationUnavailable:
      'Nous n’avons pas pu joindre la plateforme de paiement pour confirmer votre paiement. Veuillez consulter votre compte dans quelques minutes.',
    resultIndicatorMismatch: 'Le résultat du paiement ne correspond pas à cette commande.',
    invalidReference: 'La référence de la commande n’est pas valide.',
    invalidNotificationSecret: 'Le secret de la notification est absent ou ne correspond pas.',
    invalidNotification: 'La notification ne désigne aucune commande.',
    cannotSellNow:
      'Nous ne pouvons pas vendre ce forfait pour le moment. Rien n’a été débité\u00a0; veuillez réessayer plus tard.',
    planUnavailable:
      'Ce forfait n’est plus disponible. Rien n’a été débité\u00a0; veuillez choisir un autre forfait.',
    priceChanged:
      'Le prix de ce forfait vient de changer chez notre fournisseur. Rien n’a été débité\u00a0; veuillez choisir un autre forfait ou réessayer plus tard.',
    topUpIncompatible:
      'Ce forfait ne peut pas être ajouté à cette eSIM. Rien n’a été débité\u00a0; veuillez choisir un autre forfait ou l’acheter sur une nouvelle eSIM.',
    esimUnavailable:
      'Cette eSIM ne peut plus être rechargée. Rien n’a été débité\u00a0; veuillez acheter une nouvelle eSIM à la place.',
    homeCountryUnconfirmed:
      'Ce forfait est pour votre propre pays, et nos forfaits sont faits pour l’étranger. Rien n’a été débité\u00a0; veuillez confirmer que vous voulez un forfait pour votre pays, ou choisir une autre destination.',
  },
  profileMessages: {
    emailRequired: 'L’adresse e-mail du client est requise pour consulter les factures.',
    emailMismatch: 'L’adresse e-mail doit être celle avec laquelle vous vous êtes connecté.',
    esimNotFound: 'eSIM introuvable',
    ledgerEntryNotFound: 'Facture introuvable',
    creditNoteNotFound: 'Cette facture n’a pas été remboursée\u00a0: elle n’a donc pas d’avoir.',
    providerUnavailable:
      'Nous ne parvenons pas à joindre le fournisseur d’eSIM pour le moment. Veuillez réessayer dans un instant.',
  },
  catalogErrorMessages: {
    countryNotFound: 'Pays introuvable',
    regionNotFound: 'Région introuvable',
    planNotFound: 'Forfait introuvable',
  },
  refundMessages: {
    installed:
      'Cette eSIM a été installée sur un téléphone\u00a0: elle ne peut donc plus être remboursée ici. Si elle ne fonctionne pas, contactez notre équipe d’assistance.',
    windowPassed:
      'Le remboursement est possible dans les 14 jours suivant l’achat, et cette eSIM a été achetée il y a plus de 14 jours.',
    purchaseInProgress:
      'Un achat sur cette eSIM est encore en cours de finalisation. Veuillez réessayer dans quelques minutes.',
    providerUnavailable:
      'Nous n’avons pas pu annuler l’eSIM auprès de notre fournisseur pour le moment\u00a0: rien n’a donc encore été remboursé. Veuillez réessayer dans un instant.',
    gatewayUnavailable:
      'Votre eSIM est annulée, mais le service de paiement n’a pas répondu\u00a0: votre argent ne vous a pas encore été rendu. Veuillez réessayer dans un instant\u00a0: nous reprendrons là où nous nous sommes arrêtés.',
  },
  usageAlertMessages: {
    invalidSignature: 'La signature de la notification est absente ou ne correspond pas.',
    invalidBody: 'Le contenu de la notification n’est pas du JSON.',
  },
  cardTopupMessages: {
    cardRequired: 'Choisissez l’une de vos cartes enregistrées.',
    cardNotFound: 'Aucune carte enregistrée avec cet identifiant sur votre compte.',
    planRequired: 'Choisissez le forfait à acheter.',
    percentRange:
      'Choisissez quand recharger\u00a0: quand il reste de 5\u00a0% à 50\u00a0% des données.',
    maxPerMonthRange: 'Choisissez au plus 1 à 10 recharges automatiques par mois.',
    declined: 'Votre carte a été refusée\u00a0: rien n’a été payé. Essayez une autre carte.',
    authenticationFailed:
      'Votre banque n’a pas pu confirmer votre identité\u00a0: rien n’a été payé. Réessayez ou utilisez une autre carte.',
    agreementRefused:
      'Le service de paiement n’a pas accepté les paiements automatiques avec cette carte\u00a0: la recharge automatique est désactivée. Essayez une autre carte.',
    gatewayUnavailable:
      'Le service de paiement ne répond pas pour le moment\u00a0: rien n’a été payé. Veuillez réessayer dans un instant.',
    paymentUnconfirmed:
      'Le service de paiement n’a pas confirmé votre paiement. Si votre carte a été débitée, votre recharge arrive d’elle-même dans quelques minutes\u00a0; vous ne serez pas débité deux fois.',
    autoTopupNotFound: 'La recharge automatique n’est pas activée pour cette eSIM.',
    esimNotEligible:
      'La recharge automatique est réservée à une eSIM installée, encore en service et non remboursée.',
    stopLinkInvalid:
      'Ce lien d’arrêt n’est pas valide. Connectez-vous pour gérer la recharge automatique.',
    stopLinkUsed: 'Ce lien d’arrêt a déjà servi. La recharge automatique est désactivée.',
  },
  savedCardMessages: {
    cardNotFound: 'Aucune carte enregistrée avec cet identifiant sur votre compte.',
    gatewayUnavailable:
      'Le service de paiement n’a pas confirmé la suppression de votre carte\u00a0: elle reste enregistrée. Veuillez réessayer dans un instant.',
  },
  creditMessages: {
    noCreditLeft:
      'Votre avoir boutique a déjà servi pour une autre commande. Rien n’a été débité ; vérifiez le prix et réessayez.',
    grantAmountInvalid: 'L’avoir doit être un montant entre 0,01 et 1000 USD, au centime près.',
    grantReasonRequired:
      'Indiquez en quelques mots pourquoi l’avoir est accordé (3 à 200 caractères).',
  },
  opsConsoleMessages: {
    customerNotFound: 'Aucun compte client ne porte cet identifiant.',
    syncRunning:
      'Une synchronisation du catalogue est déjà en cours. Aucune autre n’a été lancée\u00a0; son résultat s’affichera ici une fois terminée.',
    syncFailed:
      'La synchronisation du catalogue a échoué, et le catalogue en vente est resté tel quel. Le journal en donne la raison.',
  },
  opsMessages: {
    signInRefused:
      'Le code reçu par e-mail ou le code de l’application d’authentification est incorrect ou a expiré.',
    totpRequired:
      'Saisissez le code à 6 chiffres de votre application d’authentification, ou un code de secours.',
    sessionRequired: 'Connectez-vous d’abord à la console\u00a0; votre session a peut-être expiré.',
    roleRequired: 'Votre rôle permet de consulter ceci, pas de le modifier.',
    orderBusy:
      'Un processus traite cette commande en ce moment. Rien n’a été modifié\u00a0; réessayez dans une minute.',
    notRefundable: 'Cette commande ne peut pas être remboursée dans son état actuel.',
    notDelivered: 'Cette commande n’a aucune eSIM livrée dont l’e-mail pourrait être renvoyé.',
    notParked: 'Cette commande n’attend pas d’opérateur : rien n’a été marqué.',
    dayNotBegun: 'Ce jour n’a pas encore commencé\u00a0: choisissez aujourd’hui ou un jour passé.',
    reconciliationUnavailable:
      'eSIM Go ou la passerelle de paiement n’a pas répondu\u00a0: la journée n’a pas pu être rapprochée. Réessayez dans une minute.',
    providerOrderNotFound: 'eSIM Go n’a aucun achat sous cette référence.',
    providerOrderClaimed:
      'Une commande de la boutique détient cette commande fournisseur\u00a0: réglez-la depuis cette commande. Rien n’a été modifié.',
    providerOrderInDoubt:
      'Une commande de la boutique cherche encore sa commande eSIM Go de ce forfait et pourrait réclamer celle-ci. Rien n’a été modifié\u00a0; réessayez une fois qu’elle sera réglée.',
    paymentNotFound: 'La passerelle de paiement n’a aucun paiement sous cet identifiant.',
    paymentHasOrder:
      'Une commande de la boutique détient ce paiement\u00a0: réglez-le depuis cette commande. Rien n’a été modifié.',
    returnBusy:
      'Ceci est en cours de règlement. Rien n’a été modifié\u00a0; réessayez dans une minute.',
    returnFailed:
      'eSIM Go ou la passerelle de paiement n’a pas répondu. Ce qui a été fait est conservé, et le reste sera réessayé automatiquement.',
  },
  diagnosisMessages: {
    refreshDeactivated:
      'Cette eSIM n’est plus active sur le réseau, sa connexion ne peut donc pas être actualisée.',
    refreshBusy: 'Le réseau est encore occupé avec cette eSIM. Veuillez réessayer dans une minute.',
    refreshTooOften:
      'La connexion de cette eSIM au réseau a déjà été actualisée plusieurs fois. Veuillez attendre une heure avant de réessayer.',
  },
  opsReportMessages: {
    periodReversed: 'La période doit finir le jour où elle commence ou après.',
    periodTooLong: 'Choisissez une période de 366\u00a0jours au plus.',
  },
  promoMessages: {
    unknown: 'Ce code promo n’existe pas. Vérifiez son orthographe.',
    notStarted: 'Ce code promo ne peut pas encore être utilisé.',
    expired: 'Ce code promo a expiré.',
    usedUp: 'Ce code promo a été utilisé autant de fois qu’il le permet.',
    alreadyUsed: 'Vous avez déjà utilisé ce code promo.',
    notForDestination: 'Ce code promo n’est pas valable pour la destination de ce forfait.',
    belowMinimum: 'Ce code promo ne vaut que pour des forfaits plus chers.',
    codeTaken: 'Un code promo porte déjà ce nom. Choisissez-en un autre.',
  },
  giftMessages: {
    invalidEmail: 'Veuillez saisir l’adresse e-mail de la personne à qui vous offrez cette eSIM.',
    messageTooLong: 'Le message du cadeau ne peut pas dépasser 300 caractères.',
    ownEmail:
      'Vous ne pouvez pas vous offrir un cadeau à votre propre adresse. Désactivez « C’est un cadeau » pour acheter cette eSIM pour vous.',
    topupGift:
      'Une recharge ne peut pas être offerte : seule une nouvelle eSIM peut être envoyée à quelqu’un d’autre.',
    messageWithoutEmail:
      'Un message de cadeau a besoin de l’adresse e-mail de la personne à qui il est destiné.',
    toppedUpByRecipient:
      'La personne à qui vous avez offert cette eSIM y a ajouté une recharge : elle ne peut donc plus être remboursée ici. Veuillez contacter notre équipe d’assistance.',
  },
};

export const errorTexts: Record<Language, ErrorTexts> = { en, ar, fr };

/** Arabic counts 2 minutes as a dual, 3 to 10 with the plural "دقائق", 11 and more singular. */
function arabicMinutes(minutes: number): string {
  if (minutes <= 1) return 'دقيقة';
  if (minutes === 2) return 'دقيقتين';
  return minutes <= 10 ? `${minutes} دقائق` : `${minutes} دقيقة`;
}

/** The rate limiter's answer, the one translated message with a number in it: minutes to wait. */
export const tooManyRequestsTexts: Record<Language, (minutes: number) => string> = {
  en: (minutes) =>
    `Too many requests. Please try again in ${minutes <= 1 ? 'a minute' : `${minutes} minutes`}.`,
  ar: (minutes) => `طلبات كثيرة جدًا. يُرجى المحاولة مجددًا بعد ${arabicMinutes(minutes)}.`,
  fr: (minutes) =>
    `Trop de demandes. Veuillez réessayer dans ${minutes <= 1 ? 'une minute' : `${minutes} minutes`}.`,
};

/** The contract's groups that word the fields of its schemas (sign-up, contact, order forms). */
const fieldGroups = ['accountMessages', 'orderMessages', 'giftMessages'] as const;
type FieldGroup = (typeof fieldGroups)[number];
const fieldKeys = new Map<string, [FieldGroup, string]>(
  fieldGroups.flatMap((group) =>
    Object.entries(en[group]).map(([key, text]): [string, [FieldGroup, string]] => [
      text,
      [group, key],
    ]),
  ),
);

/**
 * A broken field's message in the given language. Zod hands a field's message over as text,
 * not as a key, and the contract's schemas word their fields with its own constants (the web
 * shows the same words); those are said in the language, Zod's own wording (a wrong type, an
 * unknown field) stays English.
 */
export function sayFieldMessage(text: string, language: Language): string {
  const found = fieldKeys.get(text);
  if (!found) return text;
  const [group, key] = found;
  return (errorTexts[language][group] as Record<string, string>)[key] ?? text;
}
