import type { SignInCodes } from '#server/pages/sign-in-site.ts';
import type { Db } from '#server/db/client.ts';
import type { SecretsKey } from '#server/secrets-key.ts';
import { passwordlessConnectors, sendConnectorMessage } from '../connectors/runtime.ts';
import { checkCode, sendCode } from './domain.ts';

/** A tenant's verification codes as its sign-in pages send and check them, for a request from `client` (its address). */
export const tenantCodes = (db: Db, tenantId: string, { key }: SecretsKey, client: string): SignInCodes => ({
  connectors: () => passwordlessConnectors(db, tenantId),
  send: (code, locale, deliver) =>
    sendCode(
      db,
      tenantId,
      key,
      { ...code, client },
      deliver
        ? (value) =>
            sendConnectorMessage(db, tenantId, code.identifierKind === 'email' ? 'Email' : 'Sms', { to: code.identifier, usage: code.usage, code: value, locale })
        : undefined,
    ),
  check: (code, typed) => checkCode(db, tenantId, key, code, typed),
});
