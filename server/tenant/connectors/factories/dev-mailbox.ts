import { storeDevMail } from '#server/mail/dev-mailbox.ts';
import type { ConnectorFactory } from '../factory.ts';
import { checkFormConfig, senderRules, text } from './form-config.ts';
import { logos } from './logos.ts';
import { messageFactoryInfo, ok } from './message-factory.ts';
import { messageText } from './message-text.ts';

const formItems = [
  { key: 'senderName', label: 'Sender name', type: 'Text', required: true, placeholder: 'Acme', description: 'Shown as the sender of every message. No URLs.' },
  { key: 'companyInformation', label: 'Company information', type: 'MultilineText', placeholder: 'Acme Inc., 1 Main Street', description: 'Optional; shown under every message. No URLs.' },
] as const;

/** E-mail kept in the server's dev mailbox (server/mail/dev-mailbox.ts) under the tenant's sender name. */
export const devMailboxFactory: ConnectorFactory = {
  info: messageFactoryInfo('dev-mailbox', 'Email', logos.devMailbox, [...formItems]),
  checkConfig: (config) => checkFormConfig(formItems, config, (checked) => senderRules(checked, 'senderName', 'companyInformation')),
  build: ({ db, config }) => ({
    send: async (message) => {
      await storeDevMail(db, { to: message.to, ...messageText(message, [], text(config, 'companyInformation')) }, text(config, 'senderName'));
      return ok;
    },
  }),
};
