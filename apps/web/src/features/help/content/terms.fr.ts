// The Terms and Conditions in French: the same sections, anchors and legal facts as terms.ts.
import { list, paragraph } from './content-block';
import type { LegalSection } from './legal';

export function termsSections(brand: string): LegalSection[] {
  return [
    {
      id: 'who-we-are',
      heading: 'Qui sommes-nous',
      blocks: [
        paragraph(
          `${brand} (« nous ») exploite ce site et vend des forfaits de données eSIM prépayés aux voyageurs. Les présentes conditions s’appliquent dès que vous utilisez le site, créez un compte ou achetez un forfait chez nous. En le faisant, vous les acceptez : lisez-les donc attentivement.`,
        ),
      ],
    },
    {
      id: 'eligibility',
      heading: 'Qui peut utiliser le service',
      blocks: [
        list(
          'Vous devez avoir au moins 18 ans et être en mesure de conclure un contrat qui vous engage.',
          'Les informations que vous nous donnez (adresse e-mail, nom et numéro de mobile) doivent être exactes et vous appartenir.',
          'Vous vous connectez avec des codes à usage unique envoyés par e-mail : protégez donc l’accès à votre messagerie. Vous êtes responsable des achats effectués depuis votre compte.',
        ),
      ],
    },
    {
      id: 'the-service',
      heading: 'Le service',
      blocks: [
        paragraph(
          `Les forfaits ${brand} vous donnent des données mobiles dans les pays couverts par le forfait, via nos réseaux partenaires. Ils ne comprennent ni numéro de téléphone, ni appels, ni SMS, sauf mention contraire dans la description du forfait.`,
        ),
        paragraph(
          'Les eSIM ne fonctionnent que sur des téléphones compatibles eSIM et désimlockés. Il vous appartient de vérifier avant l’achat que votre téléphone est compatible et désimlocké ; notre FAQ et notre guide d’installation expliquent comment faire.',
        ),
        paragraph(
          'La couverture, le débit et la disponibilité dépendent des réseaux partenaires locaux et de circonstances indépendantes de notre volonté. Nous veillons à la disponibilité du service, sans pouvoir garantir qu’il sera ininterrompu ou exempt d’erreurs partout.',
        ),
      ],
    },
    {
      id: 'purchases-and-payment',
      heading: 'Achats et paiement',
      blocks: [
        list(
          'Les prix sont affichés en dollars américains. Avant le paiement, le récapitulatif de commande indique le prix du forfait, la TVA, le droit de timbre et le total qui vous sera débité.',
          'Chaque forfait est un achat unique. Il n’y a pas d’abonnement et rien ne se renouvelle automatiquement.',
          'Vous payez par carte sur la page sécurisée hébergée par notre prestataire de paiement. Nous ne voyons, ne recevons et ne conservons jamais vos données de carte.',
          'Votre commande est finalisée dès que le prestataire de paiement confirme le paiement. L’eSIM apparaît alors dans votre profil, sous Mes eSIM, et la facture sous Factures.',
          'Si un paiement est refusé ou lent, patientez 10 minutes et vérifiez votre compte avant de réessayer, afin de ne pas être débité deux fois.',
        ),
      ],
    },
    {
      id: 'activation-and-validity',
      heading: 'Activation et validité',
      blocks: [
        list(
          'Un forfait démarre automatiquement quand votre téléphone se connecte à un réseau pris en charge avec l’itinérance des données activée. Vous ne pouvez pas choisir de date de début. L’activation peut prendre jusqu’à 10 minutes.',
          'La durée de validité court à partir du démarrage du forfait. Désactiver l’eSIM ne la suspend ni ne la prolonge.',
          'Les données non utilisées expirent à la fin de la validité et ne sont pas reportées.',
          'Une eSIM ne peut être installée que sur un seul appareil à la fois, et la plupart ne s’installent qu’une fois. Si vous supprimez une eSIM installée, il peut être impossible de la réinstaller.',
          'Vous pouvez ajouter des données à une eSIM existante en achetant une recharge depuis votre profil (Mes eSIM > Recharger).',
        ),
      ],
    },
    {
      id: 'refunds',
      heading: 'Remboursements',
      blocks: [
        paragraph(
          'Vous pouvez obtenir un remboursement intégral dans les 14 jours suivant l’achat si l’eSIM n’a été ni installée ni activée. Vous le demandez vous-même dans votre profil\u00a0: choisissez Demander un remboursement sur l’eSIM, sous Mes eSIM. Nous vérifions auprès de notre fournisseur que l’eSIM n’a jamais été installée, nous l’annulons et nous reversons l’argent sur la carte utilisée pour l’achat.',
        ),
        paragraph(
          'Une fois l’eSIM installée ou son forfait démarré, ou plus de 14 jours après l’achat, l’achat ne peut plus être remboursé, sauf si nous n’avons pas livré l’eSIM que vous avez payée.',
        ),
        paragraph(
          'Si Demander un remboursement indique qu’une eSIM ne peut pas être remboursée et que vous pensez qu’elle devrait l’être, contactez notre équipe support avec l’ICCID de l’eSIM. Cela ne porte pas atteinte aux droits que la loi applicable vous reconnaît et qui ne peuvent être exclus.',
        ),
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Usage acceptable',
      blocks: [
        paragraph('Vous vous engagez à ne pas :'),
        list(
          'utiliser le service à des fins illégales, frauduleuses ou nuisibles à autrui ;',
          'revendre ou redistribuer des eSIM ou des forfaits sans notre autorisation écrite ;',
          'perturber ou surcharger nos systèmes ou les réseaux de nos partenaires, ni tenter d’y accéder sans autorisation ;',
          'envoyer du spam ou générer un trafic automatisé qui abuse des réseaux.',
        ),
        paragraph(
          'Les forfaits illimités peuvent être soumis aux limites d’usage raisonnable décrites dans le forfait. Nous pouvons suspendre ou arrêter le service, sans remboursement, si vous enfreignez ces règles.',
        ),
      ],
    },
    {
      id: 'liability',
      heading: 'Notre responsabilité',
      blocks: [
        paragraph(
          'Nous ne sommes pas responsables des pertes dues à des événements échappant à notre contrôle raisonnable, comme les pannes ou restrictions des réseaux partenaires, ni à un téléphone incompatible ou verrouillé. Nous ne sommes pas responsables des pertes indirectes, comme un manque à gagner, une perte d’activité ou des projets de voyage manqués.',
        ),
        paragraph(
          'Dans la mesure permise par la loi, notre responsabilité totale envers vous, pour toute réclamation, est limitée au plus élevé des deux montants suivants : le prix payé pour votre dernier forfait ou 100 USD.',
        ),
        paragraph(
          'Rien dans les présentes conditions ne limite une responsabilité que la loi interdit de limiter.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Modification des conditions',
      blocks: [
        paragraph(
          'Nous pouvons modifier ces conditions de temps à autre ; la date en haut de cette page indique leur dernière mise à jour. Les conditions en vigueur au moment de l’achat d’un forfait s’appliquent à cet achat ; continuer à utiliser le service après une modification vaut acceptation des conditions mises à jour.',
        ),
      ],
    },
    {
      id: 'governing-law',
      heading: 'Droit applicable',
      blocks: [
        paragraph(
          'Les présentes conditions sont régies par le droit libanais. Tout litige relatif à celles-ci ou au service relève de la compétence des tribunaux de Beyrouth.',
        ),
      ],
    },
    {
      id: 'contact',
      heading: 'Nous contacter',
      blocks: [
        paragraph(
          `Une question sur ces conditions, un remboursement ou vos commandes ? Écrivez-nous via le formulaire de la page Nous contacter. L’équipe support ${brand} est disponible 24 h/24, 7 j/7.`,
        ),
      ],
    },
  ];
}
