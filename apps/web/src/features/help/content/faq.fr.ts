// The FAQ in French: the same categories, question ids and answer shapes as faq.ts, written for travellers reading French.
import { list, paragraph } from './content-block';
import type { FaqCategory, FaqItem } from './faq';

export function faqCategories(brand: string): FaqCategory[] {
  return [
    { id: 'about-esims', title: 'Tout savoir sur l’eSIM', items: aboutEsims(brand) },
    { id: 'using-your-esim', title: 'Utiliser votre eSIM', items: usingYourEsim(brand) },
    { id: 'bundle-details', title: 'Détails des forfaits eSIM', items: bundleDetails(brand) },
    { id: 'troubleshooting', title: 'Dépannage', items: troubleshooting(brand) },
  ];
}

function aboutEsims(brand: string): FaqItem[] {
  return [
    {
      id: 'what-is-an-esim',
      question: 'Qu’est-ce qu’une eSIM ?',
      answer: [
        paragraph(
          'Une eSIM est une carte SIM numérique intégrée à votre téléphone. Au lieu d’insérer une carte SIM en plastique, vous téléchargez un forfait mobile directement sur le téléphone en scannant un QR code ou en touchant un lien d’installation.',
        ),
        paragraph(
          `Avec une eSIM ${brand}, vous avez des données mobiles à l’étranger sans chercher une carte SIM locale à l’arrivée, et votre carte SIM habituelle reste dans votre téléphone.`,
        ),
      ],
    },
    {
      id: 'how-it-works',
      question: `Comment fonctionne une eSIM ${brand} ?`,
      answer: [
        list(
          'Choisissez votre pays ou votre région de destination, puis un forfait de données.',
          'Payez une seule fois par carte sur une page de paiement sécurisée. Aucun abonnement.',
          'Installez l’eSIM depuis votre profil (Mes eSIM) par QR code, lien d’installation en un geste ou saisie manuelle, idéalement avant de partir.',
          'À votre arrivée, activez la ligne eSIM et l’itinérance des données. Le forfait démarre automatiquement dès que le téléphone se connecte à un réseau pris en charge.',
        ),
      ],
    },
    {
      id: 'compatible-phones',
      question: 'Quels téléphones sont compatibles eSIM ?',
      answer: [
        paragraph(
          'Le plus rapide est de composer *#06# sur votre téléphone. Si un EID (un long numéro qui identifie la puce eSIM) s’affiche, votre téléphone est compatible eSIM.',
        ),
        paragraph(
          'La plupart des téléphones haut de gamme récents sont compatibles, par exemple :',
        ),
        list(
          'Apple iPhone XS, XS Max, XR et modèles plus récents (ainsi que l’iPhone SE 2e génération et suivants)',
          'Google Pixel 3 et modèles plus récents (ainsi que le Pixel 3a et suivants)',
          'Samsung Galaxy S20 et modèles plus récents, et les séries Galaxy Z Fold et Z Flip',
          'De nombreux modèles récents de Motorola, OnePlus, Oppo, Sony, Xiaomi et d’autres marques',
        ),
        paragraph(
          'La compatibilité peut varier selon le pays et l’opérateur qui a vendu le téléphone : certaines versions de ces modèles n’ont pas d’eSIM. Vérifiez toujours avec *#06#. Votre téléphone doit aussi être désimlocké, comme l’explique « Comment savoir si mon téléphone est désimlocké ? ».',
        ),
      ],
    },
    {
      id: 'phone-unlocked',
      question: 'Comment savoir si mon téléphone est désimlocké ?',
      answer: [
        paragraph(
          `Une eSIM ${brand} ne fonctionne que sur un téléphone qui n’est pas verrouillé sur un opérateur.`,
        ),
        list(
          'iPhone : allez dans Réglages > Général > Informations et repérez Verrouillage opérateur. « Aucune restriction SIM » signifie que votre iPhone est désimlocké.',
          'Android : aucun réglage unique n’existe sur tous les modèles. Demandez à l’opérateur qui vous a vendu le téléphone, ou essayez une carte SIM d’un autre réseau : si elle se connecte, le téléphone est désimlocké.',
        ),
        paragraph(
          'Si votre téléphone est verrouillé, demandez à votre opérateur de le débloquer avant d’acheter ou d’installer une eSIM.',
        ),
      ],
    },
    {
      id: 'keep-my-sim',
      question: 'Puis-je garder ma carte SIM habituelle et mon numéro ?',
      answer: [
        paragraph(
          'Oui. Les téléphones compatibles eSIM accueillent votre SIM habituelle et une eSIM de voyage côte à côte. Votre numéro reste sur votre SIM habituelle : vous continuez à y recevoir appels et SMS.',
        ),
        paragraph(
          `Les forfaits ${brand} sont des forfaits de données, sans numéro de téléphone. À l’étranger, votre opérateur peut facturer en itinérance les appels et SMS de votre ligne habituelle ; les applications qui appellent par Internet utilisent, elles, les données de l’eSIM.`,
        ),
      ],
    },
    {
      id: 'eid-and-iccid',
      question: 'Que sont l’EID et l’ICCID ?',
      answer: [
        list(
          'EID : le numéro de la puce eSIM de votre téléphone. Il s’affiche quand vous composez *#06# et montre que le téléphone est compatible eSIM.',
          'ICCID : le numéro d’une eSIM. Vous le trouvez pour chaque eSIM dans votre profil, sous Mes eSIM, et dans les réglages du téléphone une fois l’eSIM installée.',
        ),
        paragraph(
          'Si l’ICCID affiché dans les réglages de votre téléphone est celui de Mes eSIM, cette eSIM est déjà installée sur votre téléphone. Indiquez l’ICCID chaque fois que vous contactez le support.',
        ),
      ],
    },
  ];
}

function usingYourEsim(brand: string): FaqItem[] {
  return [
    {
      id: 'how-to-install',
      question: 'Comment installer mon eSIM ?',
      answer: [
        paragraph(
          'Vérifiez que votre téléphone dispose d’une connexion Internet stable (le Wi-Fi est idéal), puis utilisez l’une de ces méthodes. Les informations de chaque eSIM se trouvent dans votre profil, sous Mes eSIM.',
        ),
        list(
          'QR code : affichez le QR code de l’eSIM sur un autre écran (ordinateur, tablette ou impression) et scannez-le depuis les réglages du téléphone.',
          'Lien d’installation en un geste : sur iPhone avec iOS 17.4 ou plus récent et sur les téléphones Android compatibles, ouvrez le lien sur le téléphone lui-même et suivez les instructions.',
          'Saisie manuelle : dans les réglages du téléphone, choisissez de saisir les informations manuellement et tapez l’adresse SM-DP+ et le code d’activation.',
        ),
        paragraph(
          'Notre guide d’installation pas à pas vous accompagne écran par écran sur iPhone et Android.',
        ),
      ],
    },
    {
      id: 'when-to-install',
      question: 'Quand installer mon eSIM ?',
      answer: [
        paragraph(
          'Installez-la avant de partir, chez vous, avec une connexion Wi-Fi fiable. L’installation seule ne démarre pas le forfait : il démarre quand le téléphone se connecte à un réseau pris en charge avec l’itinérance des données activée.',
        ),
        paragraph(
          'Après l’installation, laissez la ligne eSIM désactivée jusqu’à votre arrivée. Vous évitez ainsi des frais d’itinérance et le téléphone n’entame pas le forfait trop tôt.',
        ),
        paragraph(
          'C’est ce que veut dire «\u00a0Activez-le avant de partir\u00a0» sur les pages des forfaits\u00a0: l’eSIM est sur votre téléphone avant le départ, et les jours de votre forfait ne commencent que lorsqu’elle se connecte pour la première fois à un réseau d’un pays couvert par le forfait.',
        ),
      ],
    },
    {
      id: 'activate-on-arrival',
      question: 'Comment commencer à utiliser mon eSIM à l’arrivée ?',
      answer: [
        list(
          'Activez la ligne eSIM dans les réglages de données cellulaires ou mobiles du téléphone.',
          'Activez l’itinérance des données pour la ligne eSIM.',
          'Choisissez l’eSIM comme ligne pour les données mobiles.',
          'Patientez quelques minutes : l’activation peut prendre jusqu’à 10 minutes.',
        ),
        paragraph(
          'Toujours pas de connexion après 10 minutes ? Activez puis désactivez le mode avion ou redémarrez le téléphone, puis consultez « Mon eSIM est installée mais je n’ai pas Internet » dans Dépannage.',
        ),
      ],
    },
    {
      id: 'why-data-roaming',
      question: 'Pourquoi faut-il activer l’itinérance des données ?',
      answer: [
        paragraph(
          `Votre eSIM ${brand} se connecte à des réseaux partenaires dans les pays qu’elle couvre : votre téléphone la considère donc en itinérance. Si l’itinérance des données est désactivée pour la ligne eSIM, le téléphone ne l’utilise pas et votre forfait ne peut pas démarrer.`,
        ),
        paragraph(
          'Activez l’itinérance pour la seule ligne eSIM. La laisser désactivée sur votre SIM habituelle vous protège des frais d’itinérance de votre opérateur.',
        ),
      ],
    },
    {
      id: 'check-data-usage',
      question: 'Comment savoir combien de données il me reste ?',
      answer: [
        paragraph(
          'Connectez-vous, ouvrez votre profil, allez dans Mes eSIM et choisissez Consommation pour l’eSIM. Vous y voyez chaque forfait avec son volume de départ et les données restantes.',
        ),
        paragraph(
          'Le compteur des réglages du téléphone peut différer du nôtre : il compte autrement et se remet à zéro selon son propre calendrier. C’est le chiffre de votre profil qui fait foi.',
        ),
      ],
    },
    {
      id: 'top-up',
      question: 'Comment ajouter des données à mon eSIM ?',
      answer: [
        paragraph(
          'Ouvrez votre profil, allez dans Mes eSIM et choisissez Recharger sur l’eSIM à prolonger. Choisissez un forfait et payez comme d’habitude : le nouveau forfait s’ajoute à la même eSIM.',
        ),
        paragraph(
          'Rien à réinstaller : gardez donc l’eSIM sur votre téléphone si vous pensez avoir besoin de plus de données plus tard.',
        ),
      ],
    },
    {
      id: 'switch-back-home',
      question: 'Comment revenir à ma SIM habituelle après le voyage ?',
      answer: [
        list(
          'Choisissez votre SIM habituelle comme ligne pour les données mobiles.',
          'Désactivez la ligne eSIM.',
          'Si vous êtes encore à l’étranger, vérifiez que l’itinérance des données est désactivée sur votre SIM habituelle.',
        ),
        paragraph(
          'Inutile de supprimer l’eSIM. La plupart des eSIM ne s’installent qu’une fois : la supprimer vous empêche de la réinstaller ou de la recharger pour votre prochain voyage.',
        ),
      ],
    },
  ];
}

function bundleDetails(brand: string): FaqItem[] {
  return [
    {
      id: 'when-bundle-starts',
      question: 'Quand mon forfait démarre-t-il ?',
      answer: [
        paragraph(
          'Votre forfait démarre automatiquement quand votre téléphone se connecte à un réseau pris en charge avec l’itinérance des données activée. Sa durée de validité court à partir de ce moment.',
        ),
        paragraph(
          'Vous ne pouvez pas choisir de date de début : laissez donc la ligne eSIM désactivée jusqu’à votre arrivée à destination.',
        ),
      ],
    },
    {
      id: 'auto-renew',
      question: 'Mon forfait se renouvelle-t-il automatiquement ?',
      answer: [
        paragraph(
          `Non. Chaque forfait ${brand} est un achat unique, sans renouvellement automatique ni abonnement. Vous payez une seule fois, au moment de l’achat.`,
        ),
        paragraph(
          'S’il vous faut plus de données, achetez une recharge depuis votre profil (Mes eSIM > Recharger).',
        ),
      ],
    },
    {
      id: 'unused-data',
      question: 'Que deviennent les données non utilisées ?',
      answer: [
        paragraph(
          'Les données non utilisées expirent à la fin de la validité du forfait. Elles ne sont reportées ni sur un forfait suivant ni sur une autre eSIM.',
        ),
      ],
    },
    {
      id: 'pause-bundle',
      question: 'Puis-je mettre mon forfait en pause en désactivant l’eSIM ?',
      answer: [
        paragraph(
          'Non. Une fois le forfait démarré, sa durée de validité continue de courir. Désactiver l’eSIM ou couper la ligne ne prolonge pas la validité.',
        ),
      ],
    },
    {
      id: 'one-device',
      question: 'Puis-je utiliser mon eSIM sur plusieurs appareils ?',
      answer: [
        paragraph(
          'Non. Une eSIM ne peut être installée que sur un seul appareil à la fois, et la plupart ne s’installent qu’une fois. Installez-la sur le téléphone avec lequel vous voyagez.',
        ),
        paragraph(
          'Si vous supprimez l’eSIM ou changez de téléphone, contactez le support avant de tenter une nouvelle installation.',
        ),
      ],
    },
    {
      id: 'coverage',
      question: 'Où mon forfait fonctionne-t-il ?',
      answer: [
        paragraph(
          'Un forfait pays fonctionne dans ce pays. Un forfait régional fonctionne dans tous les pays de sa région : choisissez Voir les régions sur le forfait pour consulter la liste complète avant d’acheter.',
        ),
        paragraph(
          'Le forfait ne fonctionne que sur les réseaux pris en charge dans ces pays. En dehors, l’eSIM ne se connecte pas et aucune donnée n’est consommée.',
        ),
      ],
    },
    {
      id: 'price-breakdown',
      question: 'Que comprend le prix ?',
      answer: [
        paragraph(
          'Les prix sont en dollars américains. Avant de payer, le récapitulatif de commande indique le prix du forfait, la TVA de 11 %, le droit de timbre et le total. Vous ne payez que ce total : aucun frais ne vous sera facturé ensuite.',
        ),
      ],
    },
    {
      id: 'payment-security',
      question: 'Comment payer, et ma carte est-elle en sécurité ?',
      answer: [
        paragraph(
          `Vous payez par carte sur la page sécurisée hébergée par notre prestataire de paiement. Vos données de carte vont directement au prestataire : ${brand} ne les voit, ne les reçoit et ne les conserve jamais.`,
        ),
      ],
    },
    {
      id: 'invoices',
      question: 'Où trouver mes factures ?',
      answer: [
        paragraph(
          'Ouvrez votre profil et allez dans Factures. Chaque achat y figure avec son numéro de facture, sa date, l’ICCID, sa description et son montant, et chaque facture se télécharge en PDF.',
        ),
      ],
    },
    {
      id: 'refunds',
      question: 'Puis-je être remboursé ?',
      answer: [
        paragraph(
          'Oui, dans les 14 jours suivant l’achat, à condition que l’eSIM n’ait été ni installée ni activée. Faites-le vous-même\u00a0: ouvrez votre profil, allez dans Mes eSIM et choisissez Demander un remboursement sur cette eSIM. Elle est annulée aussitôt et l’argent est rendu sur la carte utilisée pour payer.',
        ),
        paragraph(
          'Une eSIM déjà installée, ou achetée il y a plus de 14 jours, ne peut pas être remboursée, sauf si nous ne vous l’avons pas livrée.',
        ),
        paragraph(
          'Si Demander un remboursement indique que l’eSIM ne peut pas être remboursée et que vous pensez qu’elle devrait l’être, contactez notre équipe support avec l’ICCID de l’eSIM. Les Conditions générales donnent tous les détails.',
        ),
      ],
    },
  ];
}

function troubleshooting(brand: string): FaqItem[] {
  return [
    {
      id: 'error-unable-to-complete-plan-change',
      question:
        'Que signifie « Impossible de finaliser le changement de forfait cellulaire » (Unable to Complete Cellular Plan Change) ?',
      answer: [
        paragraph('Votre téléphone n’a pas pu ajouter l’eSIM. Causes habituelles et solutions :'),
        list(
          'Trop d’eSIM sur le téléphone : supprimez une eSIM dont vous êtes certain de ne plus avoir besoin, puis réessayez.',
          'L’eSIM est déjà installée : cherchez-la dans les réglages de données cellulaires ou mobiles avant de la réinstaller. La plupart des eSIM ne s’installent qu’une fois.',
          'Connexion insuffisante : connectez-vous à un réseau Wi-Fi stable et réessayez.',
          'Données mobiles désactivées : si vous n’êtes pas en Wi-Fi, activez les données mobiles de votre SIM actuelle pour que le téléphone puisse télécharger l’eSIM.',
        ),
      ],
    },
    {
      id: 'error-code-no-longer-valid',
      question: 'Que signifie « Ce code n’est plus valide » (This code is no longer valid) ?',
      answer: [
        paragraph('Le téléphone n’a pas pu utiliser le QR code. Le plus souvent :'),
        list(
          'Le QR code a été mal scanné : affichez-le en entier, grand et net sur un autre écran, sans reflet, et scannez-le de nouveau avec une bonne connexion Internet.',
          'L’eSIM est déjà installée, sur ce téléphone ou sur un autre : comparez l’ICCID des réglages du téléphone (sur iPhone, Réglages > Général > Informations) avec celui de Mes eSIM. S’ils sont identiques, l’eSIM est déjà sur votre téléphone et il est inutile de scanner à nouveau.',
        ),
        paragraph(
          'Si l’eSIM n’est pas sur votre téléphone et que le code échoue toujours, contactez le support en indiquant l’ICCID.',
        ),
      ],
    },
    {
      id: 'error-pdp-authentication-failure',
      question: 'Que signifie « Échec d’authentification PDP » (PDP Authentication Failure) ?',
      answer: [
        paragraph(
          'L’eSIM a atteint un réseau mais n’a pas pu ouvrir de connexion de données. Vérifiez :',
        ),
        list(
          'Plus de données valides : le forfait est peut-être épuisé ou expiré. Consultez Consommation dans Mes eSIM et rechargez si besoin.',
          'APN incorrect : l’APN de la ligne eSIM doit correspondre à celui de votre eSIM. Rétablissez la valeur par défaut (sur iPhone : Réglages > Données cellulaires > votre eSIM > Réseau de données cellulaires ; sur Android : Noms des points d’accès de la SIM), ou saisissez exactement l’APN indiqué par le support.',
          'Réseau non pris en charge : le téléphone est peut-être sur un réseau que votre forfait ne couvre pas. Désactivez la sélection automatique du réseau et choisissez-en un autre, ou vérifiez la couverture du forfait.',
        ),
      ],
    },
    {
      id: 'error-carrier-cannot-be-added',
      question:
        'Que signifie « Impossible d’ajouter des forfaits de cet opérateur » (Cellular Plans From This Carrier Cannot be Added) ?',
      answer: [
        paragraph(
          'Votre téléphone est verrouillé sur un opérateur : il refuse donc les eSIM des autres opérateurs.',
        ),
        list(
          'Vérifiez le verrouillage : sur iPhone, Réglages > Général > Informations > Verrouillage opérateur doit indiquer « Aucune restriction SIM ».',
          'Demandez à l’opérateur qui vous a vendu le téléphone de le débloquer.',
          'Une fois le téléphone débloqué, installez de nouveau l’eSIM avec le même QR code.',
        ),
      ],
    },
    {
      id: 'no-internet-after-install',
      question: 'Mon eSIM est installée mais je n’ai pas Internet. Que faire ?',
      answer: [
        list(
          'Vérifiez que la ligne eSIM est activée.',
          'Activez l’itinérance des données pour la ligne eSIM.',
          'Choisissez l’eSIM comme ligne pour les données mobiles et désactivez le basculement automatique vers votre SIM habituelle.',
          'Patientez jusqu’à 10 minutes après la première connexion : l’activation peut prendre ce temps.',
          'Activez puis désactivez le mode avion, ou redémarrez le téléphone.',
          'Vérifiez que vous êtes dans un pays couvert par votre forfait et qu’il vous reste des données (Mes eSIM > Consommation).',
        ),
        paragraph('Toujours bloqué ? Contactez notre équipe support, disponible 24 h/24, 7 j/7.'),
      ],
    },
    {
      id: 'payment-rejected-or-slow',
      question: 'Mon paiement a été refusé ou prend du temps. Que faire ?',
      answer: [
        paragraph(
          'Patientez 10 minutes, puis vérifiez votre compte (Mes eSIM et Factures dans votre profil) avant de réessayer. Un paiement lent aboutit souvent de lui-même, et réessayer trop tôt pourrait vous faire payer deux fois.',
        ),
        paragraph(
          'Si la commande n’apparaît toujours pas après 10 minutes, réessayez ou contactez le support en indiquant l’heure de la tentative.',
        ),
      ],
    },
    {
      id: 'contact-support',
      question: 'Comment contacter le support ?',
      answer: [
        paragraph(
          `L’équipe support ${brand} est disponible 24 h/24, 7 j/7. Envoyez-nous un message depuis la page Nous contacter : nous vous répondrons par e-mail.`,
        ),
        paragraph(
          'Pour une réponse rapide, utilisez l’adresse e-mail de votre compte et indiquez l’ICCID de l’eSIM, le modèle de votre téléphone et tout message d’erreur affiché.',
        ),
      ],
    },
  ];
}
