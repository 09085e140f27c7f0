import { randomBytes } from 'node:crypto';
import type { SocialOutcome, SocialStart, VerifySocialInput } from '#machines/sign-in.machine.ts';
import type { Db } from '../db/client.ts';
import { socialCallbackUri } from '../tenant/connectors/callback-uri.ts';
import type { ConnectorError, ConnectorOutcome } from '../tenant/connectors/factory.ts';
import { socialConnectorOf, socialConnectorsOf, type SocialConnectorInfo } from '../tenant/connectors/runtime.ts';
import { socialAccountOf } from '../tenant/users/social-sign-in.ts';
import type { SocialButton, SocialSite } from '../pages/social-effects.ts';

/** The browser's connectors: a Native one belongs in an app, not on the hosted pages. */
const onWeb = (connector: SocialConnectorInfo) => connector.platform !== 'Native';

const connectorProblem = ({ code, message }: ConnectorError) => ({ code: `connector.${code}`, ...(message ? { message } : {}) });

/** A connector's call that throws (a provider's odd answer) as the general connector error. */
const guarded = async <Value>(call: () => Promise<ConnectorOutcome<Value>>): Promise<ConnectorOutcome<Value>> => {
  try {
    return await call();
  } catch (error) {
    return { ok: false, error: { code: 'general', message: error instanceof Error ? error.message : String(error) } };
  }
};

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * A tenant's social sign-in (connectors.md §7): its buttons, the authorization URL of a target's connector with a state
 * that names the interaction (`{uid}.{random}`, so the callback finds it), and the callback's exchange and user.
 */
export const tenantSocialSite = (db: Db, tenantId: string, publicUrl: string): SocialSite => {
  const byTarget = async (target: string) => (await socialConnectorsOf(db, tenantId)).find((connector) => connector.target === target && onWeb(connector));
  return {
    buttons: async (targets): Promise<SocialButton[]> => {
      if (targets.length === 0) return [];
      const connectors = (await socialConnectorsOf(db, tenantId)).filter(onWeb);
      return targets.flatMap((target) => connectors.filter((connector) => connector.target === target).slice(0, 1));
    },
    start: async (target, uid): Promise<SocialStart> => {
      const found = await byTarget(target);
      const connector = found && (await socialConnectorOf(db, tenantId, found.id));
      if (!connector) return { ok: false, error: { code: 'connector.not_found' } };
      const [state, secret] = [`${uid}.${token(24)}`, token(32)];
      const redirectUri = socialCallbackUri(publicUrl, tenantId, connector.id);
      const url = await guarded(() => connector.connector.authorizationUri({ state, redirectUri, nonce: secret }));
      return url.ok ? { ok: true, url: url.value, connectorId: connector.id, state, secret } : { ok: false, error: connectorProblem(url.error) };
    },
    verify: async ({ target, connectorId, data, secret }: VerifySocialInput, { mayRegister, applicationId }) => {
      const connector = await socialConnectorOf(db, tenantId, connectorId);
      if (!connector || connector.target !== target) return { outcome: { ok: false, error: { code: 'connector.not_found' } } };
      const redirectUri = socialCallbackUri(publicUrl, tenantId, connectorId);
      const info = await guarded(() => connector.connector.userInfo({ data, redirectUri, nonce: secret }));
      if (!info.ok) return { outcome: { ok: false, error: connectorProblem(info.error) } };
      const account = await socialAccountOf(db, tenantId, { target, info: info.value, syncProfile: connector.syncProfile, mayRegister, applicationId });
      const outcome: SocialOutcome = account.ok
        ? { ok: true, accountId: account.accountId, profile: account.profile }
        : { ok: false, error: { code: account.reason === 'suspended' ? 'user.suspended' : 'user.identity_not_exist' } };
      return { outcome, account, identity: info.value.id };
    },
  };
};
