import type { TemplateUsage } from '#schemas/connector.ts';
import type { FormTexts } from '../form-texts/texts.ts';

/** The e-mail and SMS factories shipped with the server. */
export const messageFactoryIds = ['dev-mailbox', 'smtp', 'http-email', 'dev-sms', 'http-sms'] as const;
export type MessageFactoryId = (typeof messageFactoryIds)[number];

/**
 * The text of the built-in e-mail and SMS connectors in one language: their names, the default template of every usage
 * (`{{code}}` and `{{link}}` are filled in when sent), the dev SMS outbox page, and every factory's form texts.
 */
export type ConnectorTexts = {
  formItems: FormTexts;
  factories: Record<MessageFactoryId, { name: string; description: string }>;
  templates: Record<TemplateUsage, { subject: string; text: string }>;
  devSms: { title: string; notice: string; empty: string; to: string; from: string; sent: string };
};
