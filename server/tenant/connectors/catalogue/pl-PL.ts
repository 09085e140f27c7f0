import { plPL as formItems } from '../form-texts/pl-PL.ts';
import type { ConnectorTexts } from './texts.ts';

export const plPL: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Skrzynka deweloperska', description: 'Zapisuje e-maile w skrzynce deweloperskiej serwera zamiast je wysyłać. Do użytku lokalnego.' },
    smtp: { name: 'SMTP', description: 'Wysyła e-maile przez Twój własny serwer SMTP.' },
    'http-email': { name: 'E-mail przez HTTP', description: 'Przesyła każdy e-mail jako JSON do Twojego punktu końcowego, który go dostarcza.' },
    'dev-sms': { name: 'Deweloperska skrzynka nadawcza SMS', description: 'Zapisuje SMS-y w deweloperskiej skrzynce nadawczej serwera zamiast je wysyłać. Do użytku lokalnego.' },
    'http-sms': { name: 'SMS przez HTTP', description: 'Przesyła każdy SMS jako JSON do Twojego punktu końcowego, który go dostarcza.' },
  },
  templates: {
    SignIn: { subject: 'Twój kod logowania', text: 'Twój kod do zalogowania to {{code}}. Wygasa za 10 minut.' },
    Register: { subject: 'Twój kod rejestracji', text: 'Twój kod do utworzenia konta to {{code}}. Wygasa za 10 minut.' },
    ForgotPassword: { subject: 'Twój kod resetowania hasła', text: 'Twój kod do zresetowania hasła to {{code}}. Wygasa za 10 minut.' },
    OrganizationInvitation: { subject: 'Zaproszenie do organizacji', text: 'Otrzymujesz zaproszenie do organizacji. Przyjmij je tutaj: {{link}}' },
    Generic: { subject: 'Twój kod weryfikacyjny', text: 'Twój kod weryfikacyjny to {{code}}. Wygasa za 10 minut.' },
    UserPermissionValidation: { subject: 'Potwierdź, że to Ty', text: 'Twój kod do potwierdzenia tożsamości to {{code}}. Wygasa za 10 minut.' },
    BindNewIdentifier: { subject: 'Potwierdź nowy adres', text: 'Twój kod do powiązania tego adresu z kontem to {{code}}. Wygasa za 10 minut.' },
    MfaVerification: { subject: 'Twój kod weryfikacji dwuetapowej', text: 'Twój kod weryfikacji dwuetapowej to {{code}}. Wygasa za 10 minut.' },
    BindMfa: { subject: 'Skonfiguruj weryfikację dwuetapową', text: 'Twój kod do skonfigurowania weryfikacji dwuetapowej to {{code}}. Wygasa za 10 minut.' },
  },
  devSms: {
    title: 'Deweloperska skrzynka nadawcza SMS',
    notice: 'Tylko do użytku lokalnego: te SMS-y nie zostały wysłane. W środowisku produkcyjnym skonfiguruj prawdziwy konektor SMS.',
    empty: 'Brak SMS-ów.',
    to: 'Do',
    from: 'Od',
    sent: 'Wysłano',
  },
};
