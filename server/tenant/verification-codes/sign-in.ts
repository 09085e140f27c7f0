import type { SignInCodes } from '#server/pages/sign-in-site.ts';
import type { Db } from '#server/db/client.ts';
import type { SecretsKey } from '#server/secrets-key.ts';
import { passwordlessConnectors, sendConnectorMessage } from '../connectors/runtime.ts';
import { checkCode, sendCode } from './domain.ts';

/** A tenant's verification codes as its sign-in pages send and check them, for a request from `client` (its address). */
export const tenantCodes = (db: Db, tenantId: string, { key }: SecretsKey, client: string): SignInCodes => ({
  connectors: () => passwordlessConnectors(db, tenantId),
  send: (code, locale, delivery) => {
    const type = code.identifierKind === 'email' ? 'Email' : 'Sms';
    const deliver = (value: string) => sendConnectorMessage(db, tenantId, type, { to: code.identifier, usage: code.usage, code: value, locale });
    const inBackground = async (value: string) => {
      void deliver(value).then((sent) => {
        if (!sent.ok) console.error(`tenant ${tenantId}: a ${code.usage} code was not sent: connector.${sent.error.code}`);
      });
      return { ok: true, value: undefined } as const;
    };
    return sendCode(db, tenantId, key, { ...code, client }, delivery === 'now' ? deliver : delivery === 'background' ? inBackground : undefined);
  },
  check: (code, typed) => checkCode(db, tenantId, key, code, typed),
});
