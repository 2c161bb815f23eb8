// The Privacy Policy in French: the same sections, anchors and commitments as privacy.ts.
import { list, paragraph } from './content-block';
import type { LegalSection } from './legal';

export function privacySections(brand: string): LegalSection[] {
  return [
    {
      id: 'about-this-policy',
      heading: 'À propos de cette politique',
      blocks: [
        paragraph(
          `Cette politique explique quelles données personnelles ${brand} (« nous ») collecte quand vous utilisez notre site et achetez des forfaits de données eSIM, pourquoi nous en avons besoin, combien de temps nous les conservons et quels choix s’offrent à vous.`,
        ),
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'Ce que nous conservons',
      blocks: [
        list(
          'Les informations de votre compte : adresse e-mail, nom et numéro de mobile.',
          'Vos commandes : le forfait, la destination, le prix, la date et la référence du prestataire de paiement pour chaque achat.',
          'Vos eSIM et factures : les identifiants des eSIM comme l’ICCID, les informations d’installation affichées dans votre profil, la consommation de vos forfaits et vos factures.',
          'Les messages que vous nous envoyez via le formulaire de contact, avec l’adresse e-mail indiquée.',
          'Des journaux techniques de base tenus par nos serveurs, comme l’heure d’une requête et l’adresse IP d’origine, pour assurer la sécurité et le bon fonctionnement du service.',
        ),
        paragraph(
          'Pour vous garder connecté, votre navigateur enregistre un jeton de connexion ainsi que le nom et l’adresse e-mail de votre compte. La déconnexion les efface.',
        ),
      ],
    },
    {
      id: 'card-data',
      heading: 'Paiements et données de carte',
      blocks: [
        paragraph(
          `Nous ne recevons ni ne conservons jamais vos données de carte. Au moment de payer, vous saisissez vos données de carte sur la page sécurisée hébergée par notre passerelle de paiement, qui traite le paiement. ${brand} apprend seulement si le paiement a réussi, avec une référence de paiement.`,
        ),
      ],
    },
    {
      id: 'sign-in-codes',
      heading: 'Connexion par codes envoyés par e-mail',
      blocks: [
        paragraph(
          'Nous n’utilisons pas de mots de passe. Pour vous connecter ou vous inscrire, nous envoyons un code à usage unique à votre adresse e-mail. Chaque code ne sert qu’une fois, pendant peu de temps, et à rien d’autre.',
        ),
      ],
    },
    {
      id: 'how-we-use-it',
      heading: 'Comment nous utilisons vos données',
      blocks: [
        list(
          'Pour créer et gérer votre compte et vous connecter.',
          'Pour prendre vos commandes, livrer vos eSIM et forfaits, et émettre les factures.',
          'Pour vous montrer vos eSIM, votre consommation et vos factures dans votre profil.',
          'Pour répondre à vos messages et vous assister.',
          'Pour prévenir la fraude et les abus, et respecter nos obligations légales et fiscales.',
        ),
        paragraph(
          'Nous ne vendons pas vos données personnelles et ne les utilisons pas pour de la publicité de tiers.',
        ),
      ],
    },
    {
      id: 'sharing',
      heading: 'Avec qui nous les partageons',
      blocks: [
        paragraph('Nous ne partageons que ce dont chacun a besoin pour travailler pour nous :'),
        list(
          'notre passerelle de paiement, pour encaisser votre paiement ;',
          'notre partenaire réseau eSIM, pour émettre votre eSIM et vos forfaits et en suivre la consommation ;',
          'notre prestataire d’e-mail, pour acheminer les codes de connexion et nos réponses ;',
          'les autorités publiques, lorsque la loi nous y oblige.',
        ),
      ],
    },
    {
      id: 'retention',
      heading: 'Durée de conservation',
      blocks: [
        list(
          'Informations du compte : tant que votre compte est ouvert. Si vous nous demandez de supprimer votre compte, nous les effaçons, sauf ce que la loi nous oblige à garder.',
          'Commandes et factures : aussi longtemps que l’exigent les règles fiscales et comptables.',
          'Messages de contact : le temps nécessaire pour traiter votre demande.',
          'Codes de connexion : ils expirent peu après leur envoi et ne peuvent pas être réutilisés.',
          'Journaux techniques : pendant une courte période seulement, sauf s’ils sont nécessaires pour enquêter sur un abus.',
        ),
      ],
    },
    {
      id: 'your-rights',
      heading: 'Vos droits',
      blocks: [
        paragraph('Vous pouvez nous demander de :'),
        list(
          'vous donner accès aux données personnelles que nous détenons sur vous ;',
          'corriger des données inexactes ou incomplètes ;',
          'supprimer vos données et fermer votre compte, sauf lorsque la loi nous oblige à conserver certains documents.',
        ),
        paragraph(
          'Envoyez votre demande via le formulaire de contact, depuis l’adresse e-mail de votre compte, afin que nous puissions vérifier qu’il s’agit bien de vous.',
        ),
      ],
    },
    {
      id: 'children',
      heading: 'Enfants',
      blocks: [
        paragraph(
          `${brand} ne s’adresse pas aux enfants de moins de 13 ans, et nous ne collectons pas sciemment leurs données personnelles. Si vous pensez qu’un enfant de moins de 13 ans nous a transmis des données personnelles, contactez-nous et nous les supprimerons. L’achat d’un forfait est réservé aux personnes d’au moins 18 ans, comme l’indiquent nos Conditions générales.`,
        ),
      ],
    },
    {
      id: 'changes-and-contact',
      heading: 'Modifications et contact',
      blocks: [
        paragraph(
          'Nous pouvons modifier cette politique ; la date en haut de cette page indique sa dernière mise à jour. Pour toute question sur vos données personnelles, écrivez-nous via le formulaire de la page Nous contacter.',
        ),
      ],
    },
  ];
}
