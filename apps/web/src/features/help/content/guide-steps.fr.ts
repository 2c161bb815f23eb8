// The eSIM Setup Guide in French: the same 11 iPhone and 8 Android steps as guide-steps.ts, with the same illustrations.
import { type GuideStepText, illustrated } from './guide-step-text';
import {
  androidSteps as englishAndroidSteps,
  iphoneSteps as englishIphoneSteps,
} from './guide-steps';

const iphoneTexts: GuideStepText[] = [
  {
    title: 'Vérifiez que votre iPhone est compatible eSIM',
    instructions: [
      'Ouvrez l’app Téléphone et composez *#06#.',
      'Si un numéro EID s’affiche, votre iPhone est compatible eSIM.',
      'Pas d’EID ? Cet iPhone ne peut pas utiliser d’eSIM.',
    ],
    imageAlt:
      'Écran d’iPhone après avoir composé *#06#, montrant les informations de l’appareil avec la ligne EID mise en évidence.',
  },
  {
    title: 'Vérifiez que votre iPhone est désimlocké',
    instructions: [
      'Allez dans Réglages > Général > Informations.',
      'Repérez Verrouillage opérateur. « Aucune restriction SIM » signifie que votre iPhone est désimlocké.',
      'Tout autre message signifie que l’iPhone est verrouillé : demandez d’abord à votre opérateur de le débloquer.',
    ],
    imageAlt:
      'Écran Informations de l’iPhone avec la ligne Verrouillage opérateur mise en évidence, indiquant « Aucune restriction SIM ».',
  },
  {
    title: 'Affichez votre QR code sur un autre écran',
    instructions: [
      'Sur un ordinateur ou une tablette, connectez-vous et ouvrez votre profil, puis Mes eSIM.',
      'Choisissez QR code sur votre eSIM et laissez le code affiché (ou imprimez-le).',
      'Connectez votre iPhone à un réseau Wi-Fi stable.',
    ],
    imageAlt:
      'Un ordinateur affichant Mes eSIM avec le bouton QR code mis en évidence et le QR code ouvert, à côté d’un iPhone connecté au Wi-Fi.',
  },
  {
    title: 'Ajoutez une nouvelle eSIM',
    instructions: [
      'Sur votre iPhone, allez dans Réglages > Données cellulaires (Réseau cellulaire dans certains pays).',
      'Touchez Ajouter une eSIM (Ajouter un forfait cellulaire sur les versions d’iOS plus anciennes).',
    ],
    imageAlt:
      'Réglages Données cellulaires de l’iPhone avec la ligne Ajouter une eSIM mise en évidence.',
  },
  {
    title: 'Scannez le QR code ou utilisez le lien d’installation',
    instructions: [
      'Touchez Utiliser un code QR et pointez l’appareil photo vers le QR code affiché sur l’autre écran.',
      'Sous iOS 17.4 ou plus récent, vous pouvez plutôt ouvrir le lien d’installation en un geste depuis Mes eSIM sur l’iPhone lui-même.',
      'Touchez Continuer quand l’iPhone propose d’ajouter l’eSIM, puis patientez pendant le téléchargement.',
    ],
    imageAlt:
      'Écran appareil photo de l’iPhone intitulé Scanner le code QR, avec un QR code dans le viseur.',
  },
  {
    title: 'Ou saisissez les informations manuellement',
    instructions: [
      'Si vous ne pouvez pas scanner, touchez Saisir les détails manuellement en bas de l’écran appareil photo.',
      'Tapez l’adresse SM-DP+ et le code d’activation exactement comme ils apparaissent pour votre eSIM dans Mes eSIM.',
      'Laissez le code de confirmation vide, sauf si nous vous en avons donné un, puis touchez Suivant.',
    ],
    imageAlt:
      'Formulaire de saisie manuelle de l’iPhone avec les champs Adresse SM-DP+ et Code d’activation et un bouton Suivant.',
  },
  {
    title: 'Nommez votre nouveau forfait',
    instructions: [
      'Une fois l’eSIM ajoutée, l’iPhone vous demande de nommer vos forfaits.',
      'Choisissez Voyage (ou un nom personnalisé) pour la nouvelle eSIM afin de la distinguer de votre ligne Principale.',
      'Touchez Continuer.',
    ],
    imageAlt:
      'Écran Libellés des forfaits cellulaires de l’iPhone avec le libellé Voyage choisi pour la nouvelle eSIM.',
  },
  {
    title: 'Choisissez votre ligne par défaut',
    instructions: [
      'Gardez Principale comme ligne par défaut pour les appels et les messages, ainsi que pour iMessage et FaceTime.',
      'Pour les Données cellulaires, choisissez Principale pour l’instant ; vous passerez sur Voyage à l’arrivée.',
      'Laissez Autoriser le basculement des données cellulaires désactivé pour ne pas utiliser votre ligne habituelle à l’étranger.',
    ],
    imageAlt:
      'Écran Ligne par défaut de l’iPhone avec Principale choisie pour les appels et les données cellulaires, et le basculement des données cellulaires désactivé.',
  },
  {
    title: 'Laissez l’eSIM désactivée jusqu’à votre arrivée',
    instructions: [
      'Allez dans Réglages > Données cellulaires et touchez votre ligne Voyage.',
      'Désactivez Activer cette ligne.',
      'La laisser désactivée jusqu’à votre arrivée évite les frais d’itinérance et empêche votre forfait de démarrer trop tôt.',
    ],
    imageAlt:
      'Réglages de la ligne Voyage de l’iPhone avec l’interrupteur Activer cette ligne désactivé.',
  },
  {
    title: 'À l’arrivée, activez l’eSIM et l’itinérance des données',
    instructions: [
      'À l’atterrissage, allez dans Réglages > Données cellulaires et touchez votre ligne Voyage.',
      'Activez Activer cette ligne.',
      'Activez Itinérance des données (Roaming) pour la ligne Voyage. Laissez l’itinérance désactivée sur votre ligne Principale.',
    ],
    imageAlt:
      'Réglages de la ligne Voyage de l’iPhone avec Activer cette ligne et Itinérance des données tous deux activés.',
  },
  {
    title: 'Utilisez l’eSIM pour les données cellulaires',
    instructions: [
      'Allez dans Réglages > Données cellulaires > Données cellulaires et choisissez Voyage.',
      'Patientez pendant la connexion : l’activation peut prendre jusqu’à 10 minutes.',
      'Consultez vos données restantes à tout moment dans votre profil, sous Mes eSIM > Consommation.',
    ],
    imageAlt: 'Écran Données cellulaires de l’iPhone avec la ligne Voyage choisie.',
  },
];

const androidTexts: GuideStepText[] = [
  {
    title: 'Vérifiez que votre téléphone est compatible eSIM et désimlocké',
    instructions: [
      'Ouvrez l’app Téléphone et composez *#06#. Si un numéro EID s’affiche, votre téléphone est compatible eSIM.',
      'Assurez-vous que le téléphone n’est verrouillé sur aucun opérateur : demandez à votre opérateur, ou essayez une carte SIM d’un autre réseau.',
    ],
    imageAlt:
      'Écran Android après avoir composé *#06#, montrant les informations de l’appareil avec la ligne EID mise en évidence.',
  },
  {
    title: 'Affichez votre QR code sur un autre écran',
    instructions: [
      'Sur un ordinateur ou une tablette, connectez-vous et ouvrez votre profil, puis Mes eSIM.',
      'Choisissez QR code sur votre eSIM et laissez le code affiché (ou imprimez-le).',
      'Connectez votre téléphone à un réseau Wi-Fi stable.',
    ],
    imageAlt:
      'Un ordinateur affichant Mes eSIM avec le bouton QR code mis en évidence et le QR code ouvert, à côté d’un téléphone Android connecté au Wi-Fi.',
  },
  {
    title: 'Ajoutez une nouvelle eSIM',
    instructions: [
      'Allez dans Paramètres > Réseau et Internet > SIM.',
      'Touchez Ajouter une eSIM (ou Ajouter une SIM, puis Télécharger une SIM à la place).',
      'Sur les Samsung Galaxy : Paramètres > Connexions > Gestionnaire de carte SIM > Ajouter une eSIM.',
    ],
    imageAlt: 'Écran des paramètres SIM d’Android avec la ligne Ajouter une eSIM mise en évidence.',
  },
  {
    title: 'Scannez le QR code, ou saisissez le code',
    instructions: [
      'Pointez l’appareil photo vers le QR code affiché sur l’autre écran.',
      'Sur les téléphones compatibles, vous pouvez plutôt ouvrir le lien d’installation en un geste depuis Mes eSIM sur le téléphone lui-même.',
      'Pour le taper, choisissez Saisir le code manuellement et entrez l’adresse SM-DP+ et le code d’activation de Mes eSIM (si un seul code est demandé, tapez LPA:1$, l’adresse SM-DP+, $ puis le code d’activation).',
    ],
    imageAlt:
      'Écran Android Scanner le code QR avec un QR code dans le viseur et un bouton Saisir le code manuellement.',
  },
  {
    title: 'Téléchargez l’eSIM et nommez-la',
    instructions: [
      'Confirmez le téléchargement de l’eSIM et patientez jusqu’à ce qu’elle soit ajoutée.',
      'Donnez-lui un nom comme Voyage pour la distinguer de votre SIM habituelle.',
    ],
    imageAlt:
      'Fenêtre Android pour nommer la nouvelle SIM, avec le nom Voyage saisi et un bouton Enregistrer.',
  },
  {
    title: 'Gardez votre SIM habituelle par défaut et l’eSIM désactivée jusqu’à votre arrivée',
    instructions: [
      'Dans Préférences SIM, gardez votre SIM habituelle pour les appels, les SMS et, pour l’instant, les données mobiles.',
      'Ouvrez l’eSIM Voyage et désactivez Utiliser la SIM jusqu’à votre arrivée, pour éviter les frais d’itinérance et un démarrage anticipé du forfait.',
    ],
    imageAlt:
      'Paramètres Android de la SIM Voyage avec Utiliser la SIM désactivé et la SIM habituelle préférée pour les appels, les SMS et les données mobiles.',
  },
  {
    title: 'À l’arrivée, activez l’eSIM et l’itinérance',
    instructions: [
      'À l’atterrissage, retournez dans Paramètres > Réseau et Internet > SIM et ouvrez Voyage.',
      'Activez Utiliser la SIM.',
      'Activez l’itinérance (Roaming) pour l’eSIM Voyage. Laissez l’itinérance désactivée sur votre SIM habituelle.',
    ],
    imageAlt:
      'Paramètres Android de la SIM Voyage avec Utiliser la SIM et Itinérance tous deux activés.',
  },
  {
    title: 'Utilisez l’eSIM pour les données mobiles',
    instructions: [
      'Dans Préférences SIM, réglez Données mobiles sur Voyage.',
      'Patientez pendant la connexion : l’activation peut prendre jusqu’à 10 minutes.',
      'Consultez vos données restantes à tout moment dans votre profil, sous Mes eSIM > Consommation.',
    ],
    imageAlt: 'Choix des données mobiles sur Android avec la SIM Voyage sélectionnée.',
  },
];

export const iphoneSteps = illustrated(iphoneTexts, englishIphoneSteps);
export const androidSteps = illustrated(androidTexts, englishAndroidSteps);
