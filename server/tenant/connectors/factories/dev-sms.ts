import { storeDevSms } from '../dev-sms-outbox.ts';
import type { ConnectorFactory } from '../factory.ts';
import { checkFormConfig, text } from './form-config.ts';
import { logos } from './logos.ts';
import { messageFactoryInfo, ok } from './message-factory.ts';
import { messageText } from './message-text.ts';

const formItems = [{ key: 'senderLabel', label: 'Sender label', type: 'Text', placeholder: 'Acme', description: 'Optional; shown as the sender in the outbox.' }] as const;

/** Text messages kept in the server's dev SMS outbox (`/dev/sms`). */
export const devSmsFactory: ConnectorFactory = {
  info: messageFactoryInfo('dev-sms', 'Sms', logos.devSms, [...formItems]),
  checkConfig: (config) => checkFormConfig(formItems, config),
  build: ({ db, config }) => ({
    send: async (message) => {
      await storeDevSms(db, { to: message.to, from: text(config, 'senderLabel'), text: messageText(message).text });
      return ok;
    },
  }),
};
