// The help pages' own words in Arabic, with the same keys as page-texts.ts.
import type { HelpPageTexts } from './page-texts';

export function helpPageTexts(brand: string): HelpPageTexts {
  return {
    faq: {
      title: 'الأسئلة الشائعة',
      description: `إجابات عن الأسئلة الشائعة حول شرائح eSIM من ${brand}: الهواتف المتوافقة، والتثبيت، والباقات، والدفع، وحلّ المشكلات.`,
      intro: `إجابات عن الأسئلة الشائعة حول شرائح eSIM من ${brand}`,
      stillHaveQuestions: 'هل لديك أسئلة أخرى؟',
    },
    guide: {
      title: 'دليل إعداد eSIM',
      description: `خطوات مفصّلة لتثبيت شريحة eSIM من ${brand} وتفعيلها على iPhone وAndroid.`,
      intro: 'اتبع هذه الخطوات البسيطة لتفعيل شريحتك',
      needMoreHelp: 'تحتاج إلى مساعدة إضافية؟',
      phoneType: 'نوع الهاتف',
      previous: 'السابق',
      next: 'التالي',
      stepOf: (step, total) => `الخطوة ${step} من ${total}`,
      beforeYouTravel: {
        heading: 'ثبّت الشريحة قبل السفر وشغّلها عند الوصول',
        steps: [
          'ثبّت الشريحة قبل سفرك، في المنزل عبر شبكة Wi-Fi: هذا هو المقصود بعبارة «فعّلها قبل سفرك» في صفحات الباقات.',
          'أبقِ خطّها مطفأً وتجوال البيانات متوقفاً حتى تصل، كما تُظهر الخطوات أدناه.',
          'عند وصولك، شغّل خط الشريحة وتجوال البيانات فيه.',
          'لا تبدأ أيام باقتك إلا عندما تتصل الشريحة أول مرة بشبكة في بلد تغطيه الباقة، لا عند تثبيتها.',
        ],
      },
    },
    terms: {
      title: 'الشروط والأحكام',
      description: `شروط استخدام ${brand} وشراء باقات بيانات eSIM: الأهلية، والدفع، والتفعيل، واسترداد المبالغ، والمسؤولية.`,
    },
    privacy: {
      title: 'سياسة الخصوصية',
      description: `البيانات الشخصية التي يحتفظ بها ${brand}، ولماذا، ومع من يشاركها، وكم من الوقت يحتفظ بها، وحقوقك.`,
    },
    esimAlert: {
      title: 'هل هاتفك متوافق مع eSIM؟',
      description: `تأكّد أن هاتفك يدعم eSIM وأنه غير مقفل قبل شراء خطة بيانات من ${brand}.`,
      intro: `لا تعمل شرائح eSIM من ${brand} إلا على الهواتف الداعمة لها. تحقّق من هاتفك في ثوانٍ:`,
      dialStep: { before: 'افتح لوحة الاتصال في هاتفك واطلب ', emphasis: '*#06#', after: '.' },
      eidStep: {
        before: 'إذا ظهر رقم ',
        emphasis: 'EID',
        after: ' (رقم طويل يعرّف شريحة eSIM المدمجة)، فهاتفك يدعم eSIM.',
      },
      unlockedStep: 'ويجب أيضاً أن يكون هاتفك غير مقفل على أي شركة اتصالات.',
      supported: 'نعم، هاتفي يدعم eSIM',
      notSupported: 'لا، هاتفي لا يدعم eSIM',
    },
    contact: {
      title: 'اتصل بنا',
      description: `راسل فريق دعم ${brand}، المتاح على مدار الساعة، بشأن شريحتك أو طلبك.`,
      heading: 'نحن هنا لمساعدتك',
      intro:
        'فريق الدعم متاح على مدار الساعة طوال أيام الأسبوع. أرسل إلينا رسالة وسنردّ عليك قريباً.',
      form: {
        name: 'التواصل مع الدعم',
        emailLabel: 'عنوان بريدك الإلكتروني',
        emailPlaceholder: 'name@example.com',
        messageLabel: 'رسالتك',
        messagePlaceholder: 'كيف يمكننا مساعدتك اليوم؟',
        send: 'إرسال الرسالة',
        sent: 'أُرسل البريد الإلكتروني بنجاح! سنردّ عليك قريباً.',
        failed: 'تعذّر إرسال البريد الإلكتروني. يُرجى المحاولة مجددًا لاحقًا أو التواصل معنا مباشرةً.',
        dismiss: 'إغلاق',
        invalidEmail: 'يُرجى إدخال بريد إلكتروني صالح',
        emptyMessage: 'يُرجى كتابة رسالتك',
      },
    },
    supportAvailable: 'فريق الدعم متاح على مدار الساعة طوال أيام الأسبوع.',
    contactSupport: 'تواصل مع فريق الدعم',
    lastUpdated: 'آخر تحديث',
    contents: 'المحتويات',
  };
}
