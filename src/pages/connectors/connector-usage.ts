import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ConnectorUsage } from '#schemas/connector.ts';
import type { ConsoleConnector } from '#src/api/management/connectors.ts';

/** Where the sign-in experience can use a connector, as the API's `usedBy` names it. */
const usageNames: Record<ConnectorUsage, MessageDescriptor> = {
  signIn: msg`sign-in`,
  signUp: msg`sign-up`,
  mfa: msg`multi-factor authentication`,
  socialSignIn: msg`a social sign-in button`,
};

/** The places a connector is used, in the console's language and joined as a list; undefined when it is not in use. */
export function usedByText(connector: ConsoleConnector, i18n: I18n) {
  const { usedBy } = connector;
  if (!usedBy.length) return undefined;
  const names = usedBy.map((key) => i18n._(usageNames[key]));
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);
}
