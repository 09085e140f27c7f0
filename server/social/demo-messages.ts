import { messagesOf } from '../i18n/catalog.ts';

/** Text of the demo social provider's page. */
export type DemoSocialMessages = {
  connectorName: string;
  title: string;
  description: string;
  chooseIdentity: string;
  continueAs: (name: string) => string;
  cancel: string;
  invalidRequestTitle: string;
  invalidRequest: string;
};

export const demoSocialLocales = messagesOf('demoSocial');
