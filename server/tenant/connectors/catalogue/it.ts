import { it as formItems } from '../form-texts/it.ts';
import type { ConnectorTexts } from './texts.ts';

export const it: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Casella di sviluppo', description: 'Conserva le e-mail nella casella di sviluppo del server invece di inviarle. Per uso locale.' },
    smtp: { name: 'SMTP', description: 'Invia le e-mail tramite il tuo server SMTP.' },
    'http-email': { name: 'E-mail via HTTP', description: 'Invia ogni e-mail come JSON al tuo endpoint, che si occupa di recapitarla.' },
    'dev-sms': { name: 'Posta in uscita SMS di sviluppo', description: 'Conserva gli SMS nella posta in uscita SMS di sviluppo del server invece di inviarli. Per uso locale.' },
    'http-sms': { name: 'SMS via HTTP', description: 'Invia ogni SMS come JSON al tuo endpoint, che si occupa di recapitarlo.' },
  },
  templates: {
    SignIn: { subject: 'Il tuo codice di accesso', text: 'Il tuo codice per accedere è {{code}}. Scade tra 10 minuti.' },
    Register: { subject: 'Il tuo codice di registrazione', text: 'Il tuo codice per creare il tuo account è {{code}}. Scade tra 10 minuti.' },
    ForgotPassword: { subject: 'Il tuo codice per reimpostare la password', text: 'Il tuo codice per reimpostare la password è {{code}}. Scade tra 10 minuti.' },
    OrganizationInvitation: { subject: "Sei stato invitato a unirti a un'organizzazione", text: "Sei stato invitato a unirti a un'organizzazione. Accetta l'invito qui: {{link}}" },
    Generic: { subject: 'Il tuo codice di verifica', text: 'Il tuo codice di verifica è {{code}}. Scade tra 10 minuti.' },
    UserPermissionValidation: { subject: 'Conferma che sei tu', text: 'Il tuo codice per confermare che sei tu è {{code}}. Scade tra 10 minuti.' },
    BindNewIdentifier: { subject: 'Conferma il tuo nuovo indirizzo', text: 'Il tuo codice per collegare questo indirizzo al tuo account è {{code}}. Scade tra 10 minuti.' },
    MfaVerification: { subject: 'Il tuo codice di verifica in due passaggi', text: 'Il tuo codice di verifica in due passaggi è {{code}}. Scade tra 10 minuti.' },
    BindMfa: { subject: 'Configura la verifica in due passaggi', text: 'Il tuo codice per configurare la verifica in due passaggi è {{code}}. Scade tra 10 minuti.' },
  },
  devSms: {
    title: 'Posta in uscita SMS di sviluppo',
    notice: 'Solo per uso locale: questi SMS non sono stati inviati. Configura un vero connettore SMS per la produzione.',
    empty: 'Ancora nessun SMS.',
    to: 'A',
    from: 'Da',
    sent: 'Inviato',
  },
};
