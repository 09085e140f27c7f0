import type { PageLocale } from '../pages/messages.ts';

/** Text of the demo social provider's page. `en` is complete. */
type DemoSocialMessages = {
  connectorName: string;
  title: string;
  description: string;
  chooseIdentity: string;
  continueAs: (name: string) => string;
  cancel: string;
  invalidRequestTitle: string;
  invalidRequest: string;
};

const en: DemoSocialMessages = {
  connectorName: 'Demo social',
  title: 'Sign in with Demo social',
  description:
    'Demo social is the built-in stand-in for a social sign-in provider such as Google or GitHub. It asks no password: choose the identity it returns to the console.',
  chooseIdentity: 'Choose an identity',
  continueAs: (name) => `Continue as ${name}`,
  cancel: 'Cancel',
  invalidRequestTitle: 'Invalid request',
  invalidRequest: 'This sign-in request has no state or returns to an address outside this server. Start again from the console.',
};

const de: DemoSocialMessages = {
  connectorName: 'Demo-Social',
  title: 'Mit Demo-Social anmelden',
  description:
    'Demo-Social ist der eingebaute Ersatz für einen Social-Login-Anbieter wie Google oder GitHub. Es fragt kein Passwort ab: Wählen Sie die Identität, die an die Konsole zurückgegeben wird.',
  chooseIdentity: 'Identität wählen',
  continueAs: (name) => `Weiter als ${name}`,
  cancel: 'Abbrechen',
  invalidRequestTitle: 'Ungültige Anfrage',
  invalidRequest:
    'Dieser Anmeldeanfrage fehlt der State, oder sie führt zu einer Adresse außerhalb dieses Servers. Beginnen Sie erneut in der Konsole.',
};

export const demoSocialLocales: Record<PageLocale, DemoSocialMessages> = { en, de };
