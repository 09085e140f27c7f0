import type { ConnectorFactory } from '../factory.ts';
import { withTranslations } from '../form-texts/index.ts';
import { devMailboxFactory } from './dev-mailbox.ts';
import { devSmsFactory } from './dev-sms.ts';
import { httpEmailFactory, httpSmsFactory } from './http-message.ts';
import { smtpFactory } from './smtp.ts';
import { socialFactories } from './social/index.ts';

/** A factory as the API answers it: its form items with their texts in every shipped language. */
const translated = <Factory extends ConnectorFactory>(factory: Factory): Factory =>
  factory.info.formItems ? { ...factory, info: { ...factory.info, formItems: withTranslations(factory.info.formItems) } } : factory;

/** Every factory the server can build connectors from: the e-mail and SMS senders, then the social providers. */
export const connectorFactories: readonly ConnectorFactory[] = [devMailboxFactory, smtpFactory, httpEmailFactory, devSmsFactory, httpSmsFactory, ...socialFactories].map(
  translated,
);

const byId = new Map(connectorFactories.map((factory) => [factory.info.id, factory]));

export const factoryOf = (id: string) => byId.get(id);
