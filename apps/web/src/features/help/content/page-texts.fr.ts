// The help pages' own words in French, with the same keys as page-texts.ts.
import type { HelpPageTexts } from './page-texts';

export function helpPageTexts(brand: string): HelpPageTexts {
  return {
    faq: {
      title: 'Questions fréquentes',
      description: `Réponses aux questions fréquentes sur les eSIM ${brand} : téléphones compatibles, installation, forfaits, paiement et dépannage.`,
      intro: `Trouvez les réponses aux questions fréquentes sur l’eSIM ${brand}`,
      stillHaveQuestions: 'Vous avez encore des questions ?',
    },
    guide: {
      title: 'Guide d’installation eSIM',
      description: `Les étapes pour installer et activer votre eSIM ${brand} sur iPhone et Android.`,
      intro: 'Suivez ces étapes simples pour activer votre eSIM',
      needMoreHelp: 'Besoin d’aide ?',
      phoneType: 'Type de téléphone',
      previous: 'Précédent',
      next: 'Suivant',
      stepOf: (step, total) => `Étape ${step} sur ${total}`,
      beforeYouTravel: {
        heading: 'Installez avant de partir, activez à l’arrivée',
        steps: [
          'Installez l’eSIM avant de partir, chez vous en Wi-Fi\u00a0: c’est ce que veut dire «\u00a0Activez-le avant de partir\u00a0» sur les pages des forfaits.',
          'Laissez sa ligne désactivée, et l’itinérance des données aussi, jusqu’à votre arrivée, comme le montrent les étapes ci-dessous.',
          'À votre arrivée, activez la ligne de l’eSIM et son itinérance des données.',
          'Les jours de votre forfait ne commencent que lorsque l’eSIM se connecte pour la première fois à un réseau d’un pays couvert par le forfait, pas lorsque vous l’installez.',
        ],
      },
    },
    terms: {
      title: 'Conditions générales',
      description: `Les conditions d’utilisation de ${brand} et d’achat de forfaits de données eSIM : éligibilité, paiement, activation, remboursements et responsabilité.`,
    },
    privacy: {
      title: 'Politique de confidentialité',
      description: `Les données personnelles que ${brand} conserve, pourquoi, avec qui elles sont partagées, combien de temps elles sont gardées et vos droits.`,
    },
    esimAlert: {
      title: 'Votre téléphone est-il compatible eSIM ?',
      description: `Vérifiez que votre téléphone est compatible eSIM et désimlocké avant d’acheter un forfait de données ${brand}.`,
      intro: `Les eSIM ${brand} ne fonctionnent que sur les téléphones compatibles eSIM. Vérifiez le vôtre en quelques secondes :`,
      dialStep: {
        before: 'Ouvrez le clavier de votre téléphone et composez ',
        emphasis: '*#06#',
        after: '.',
      },
      eidStep: {
        before: 'Si un ',
        emphasis: 'EID',
        after:
          ' (un long numéro qui identifie la puce eSIM) s’affiche, votre téléphone est compatible eSIM.',
      },
      unlockedStep: 'Votre téléphone doit aussi être désimlocké (non verrouillé sur un opérateur).',
      supported: 'Oui, mon téléphone est compatible eSIM',
      notSupported: 'Non, mon téléphone n’est pas compatible eSIM',
    },
    contact: {
      title: 'Nous contacter',
      description: `Écrivez à l’équipe support ${brand}, disponible 24 h/24, 7 j/7, au sujet de votre eSIM ou de votre commande.`,
      heading: 'Nous sommes là pour vous aider',
      intro:
        'Notre équipe support est disponible 24 h/24, 7 j/7. Envoyez-nous un message et nous vous répondrons rapidement.',
      form: {
        name: 'Contacter le support',
        emailLabel: 'Votre adresse e-mail',
        emailPlaceholder: 'vous@example.com',
        messageLabel: 'Votre message',
        messagePlaceholder: 'Comment pouvons-nous vous aider aujourd’hui\u00a0?',
        send: 'Envoyer le message',
        sent: 'L’e-mail a bien été envoyé\u00a0! Nous vous répondrons rapidement.',
        failed:
          'L’envoi de l’e-mail a échoué. Veuillez réessayer plus tard ou nous écrire directement.',
        dismiss: 'Fermer',
        invalidEmail: 'Veuillez saisir une adresse e-mail valide',
        emptyMessage: 'Veuillez saisir votre message',
      },
    },
    supportAvailable: 'Notre équipe support est disponible 24 h/24, 7 j/7.',
    contactSupport: 'Contacter notre équipe support',
    lastUpdated: 'Dernière mise à jour',
    contents: 'Sommaire',
  };
}
