import type { ConnectorFactory, ConnectorOutcome } from '../factory.ts';
import { checkFormConfig, text } from './form-config.ts';
import { logos } from './logos.ts';
import { messageFactoryInfo, ok } from './message-factory.ts';
import { messageText } from './message-text.ts';

const formItems = [
  { key: 'endpoint', label: 'Endpoint', type: 'Text', required: true, placeholder: 'https://example.com/send' },
  { key: 'authorization', label: 'Authorization', type: 'Text', isConfidential: true, placeholder: 'Bearer …', description: 'Optional; sent as the Authorization header.' },
] as const;

const isHttpUrl = (value: string | undefined) => {
  const url = value && URL.canParse(value) ? new URL(value) : undefined;
  return url?.protocol === 'http:' || url?.protocol === 'https:';
};

const answerExcerpt = async (response: Response) => (await response.text().catch(() => '')).slice(0, 500) || response.statusText;

/** A send that failed at the endpoint: throttled, or any other status with the endpoint's own words. */
const refused = async (response: Response): Promise<ConnectorOutcome<never>> => ({
  ok: false,
  error: { code: response.status === 429 ? 'rate_limit_exceeded' : 'general', message: `The endpoint answered ${response.status}: ${await answerExcerpt(response)}` },
});

const unreachable = (error: unknown): ConnectorOutcome<never> => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return { ok: false, error: { code: 'general', message: timedOut ? 'The endpoint did not answer in time.' : `The endpoint could not be reached${cause}.` } };
};

/** A factory that POSTs `{ to, type, payload }` JSON to the tenant's endpoint (connectors.md §6): HTTP e-mail or HTTP SMS. */
const httpMessageFactory = <Type extends 'Email' | 'Sms'>(id: 'http-email' | 'http-sms', type: Type, logo: string): ConnectorFactory => ({
  info: messageFactoryInfo(id, type, logo, [...formItems]),
  checkConfig: (config) =>
    checkFormConfig(formItems, config, (checked) => ({ endpoint: isHttpUrl(text(checked, 'endpoint')) ? undefined : 'http_url' })),
  build: ({ config, fetch }) => ({
    send: async (message) => {
      const { subject, text: body } = messageText(message);
      const payload = { code: message.code, link: message.link, locale: message.locale, ...(type === 'Email' ? { subject } : {}), text: body };
      const authorization = text(config, 'authorization');
      try {
        const response = await fetch(text(config, 'endpoint')!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ to: message.to, type: message.usage, payload }),
        });
        if (!response.ok) return await refused(response);
        await response.body?.cancel();
        return ok;
      } catch (error) {
        return unreachable(error);
      }
    },
  }),
});

export const httpEmailFactory = httpMessageFactory('http-email', 'Email', logos.httpEmail);
export const httpSmsFactory = httpMessageFactory('http-sms', 'Sms', logos.httpSms);
