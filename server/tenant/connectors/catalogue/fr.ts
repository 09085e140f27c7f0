import { fr as formItems } from '../form-texts/fr.ts';
import type { ConnectorTexts } from './texts.ts';

export const fr: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Boîte de développement', description: 'Garde les e-mails dans la boîte de développement du serveur au lieu de les envoyer. Pour un usage local.' },
    smtp: { name: 'SMTP', description: 'Envoie les e-mails par votre propre serveur SMTP.' },
    'http-email': { name: 'E-mail par HTTP', description: 'Envoie chaque e-mail en JSON à votre point de terminaison, qui se charge de le remettre.' },
    'dev-sms': { name: "Boîte d'envoi SMS de développement", description: "Garde les SMS dans la boîte d'envoi SMS de développement du serveur au lieu de les envoyer. Pour un usage local." },
    'http-sms': { name: 'SMS par HTTP', description: 'Envoie chaque SMS en JSON à votre point de terminaison, qui se charge de le remettre.' },
  },
  templates: {
    SignIn: { subject: 'Votre code de connexion', text: 'Votre code pour vous connecter est {{code}}. Il expire dans 10 minutes.' },
    Register: { subject: "Votre code d'inscription", text: 'Votre code pour créer votre compte est {{code}}. Il expire dans 10 minutes.' },
    ForgotPassword: { subject: 'Votre code de réinitialisation du mot de passe', text: 'Votre code pour réinitialiser votre mot de passe est {{code}}. Il expire dans 10 minutes.' },
    OrganizationInvitation: { subject: 'Vous êtes invité à rejoindre une organisation', text: "Vous êtes invité à rejoindre une organisation. Acceptez l'invitation ici : {{link}}" },
    Generic: { subject: 'Votre code de vérification', text: 'Votre code de vérification est {{code}}. Il expire dans 10 minutes.' },
    UserPermissionValidation: { subject: "Confirmez qu'il s'agit bien de vous", text: "Votre code pour confirmer qu'il s'agit bien de vous est {{code}}. Il expire dans 10 minutes." },
    BindNewIdentifier: { subject: 'Confirmez votre nouvelle adresse', text: 'Votre code pour associer cette adresse à votre compte est {{code}}. Il expire dans 10 minutes.' },
    MfaVerification: { subject: 'Votre code de validation en deux étapes', text: 'Votre code de validation en deux étapes est {{code}}. Il expire dans 10 minutes.' },
    BindMfa: { subject: 'Configurez la validation en deux étapes', text: 'Votre code pour configurer la validation en deux étapes est {{code}}. Il expire dans 10 minutes.' },
  },
  devSms: {
    title: "Boîte d'envoi SMS de développement",
    notice: "Pour un usage local uniquement : ces SMS n'ont pas été envoyés. Configurez un vrai connecteur SMS pour la production.",
    empty: 'Aucun SMS pour le moment.',
    to: 'À',
    from: 'De',
    sent: 'Envoyé',
  },
};
