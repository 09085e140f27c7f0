import { de as formItems } from '../form-texts/de.ts';
import type { ConnectorTexts } from './texts.ts';

export const de: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Entwickler-Postfach', description: 'Legt E-Mails im Entwickler-Postfach des Servers ab, statt sie zu senden. Für die lokale Nutzung.' },
    smtp: { name: 'SMTP', description: 'Sendet E-Mails über Ihren eigenen SMTP-Server.' },
    'http-email': { name: 'HTTP-E-Mail', description: 'Sendet jede E-Mail als JSON an Ihren Endpunkt, der sie zustellt.' },
    'dev-sms': { name: 'Entwickler-SMS-Ausgang', description: 'Legt SMS im Entwickler-SMS-Ausgang des Servers ab, statt sie zu senden. Für die lokale Nutzung.' },
    'http-sms': { name: 'HTTP-SMS', description: 'Sendet jede SMS als JSON an Ihren Endpunkt, der sie zustellt.' },
  },
  templates: {
    SignIn: { subject: 'Ihr Anmeldecode', text: 'Ihr Code zum Anmelden lautet {{code}}. Er ist 10 Minuten gültig.' },
    Register: { subject: 'Ihr Registrierungscode', text: 'Ihr Code zum Erstellen Ihres Kontos lautet {{code}}. Er ist 10 Minuten gültig.' },
    ForgotPassword: { subject: 'Ihr Code zum Zurücksetzen des Passworts', text: 'Ihr Code zum Zurücksetzen Ihres Passworts lautet {{code}}. Er ist 10 Minuten gültig.' },
    OrganizationInvitation: { subject: 'Sie wurden in eine Organisation eingeladen', text: 'Sie wurden eingeladen, einer Organisation beizutreten. Nehmen Sie die Einladung hier an: {{link}}' },
    Generic: { subject: 'Ihr Bestätigungscode', text: 'Ihr Bestätigungscode lautet {{code}}. Er ist 10 Minuten gültig.' },
    UserPermissionValidation: { subject: 'Bestätigen Sie, dass Sie es sind', text: 'Ihr Code zur Bestätigung Ihrer Identität lautet {{code}}. Er ist 10 Minuten gültig.' },
    BindNewIdentifier: { subject: 'Bestätigen Sie Ihre neue Adresse', text: 'Ihr Code zum Verknüpfen dieser Adresse mit Ihrem Konto lautet {{code}}. Er ist 10 Minuten gültig.' },
    MfaVerification: { subject: 'Ihr Code für die Bestätigung in zwei Schritten', text: 'Ihr Code für die Bestätigung in zwei Schritten lautet {{code}}. Er ist 10 Minuten gültig.' },
    BindMfa: { subject: 'Bestätigung in zwei Schritten einrichten', text: 'Ihr Code zum Einrichten der Bestätigung in zwei Schritten lautet {{code}}. Er ist 10 Minuten gültig.' },
  },
  devSms: {
    title: 'Entwickler-SMS-Ausgang',
    notice: 'Nur für die lokale Nutzung: Diese SMS wurden nicht gesendet. Richten Sie für den Betrieb einen echten SMS-Connector ein.',
    empty: 'Noch keine SMS.',
    to: 'An',
    from: 'Von',
    sent: 'Gesendet',
  },
};
