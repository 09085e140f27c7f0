import type { KoaContextWithOIDC, PromptDetail, Provider } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { recordLog, type LogEntry } from '../tenant/logs/record.ts';

/** The audit log key of each grant type at the token endpoint (audit-logs.md §5); any other is `ExchangeTokenBy.Unknown`. */
const grantLogKeys: Partial<Record<string, string>> = {
  authorization_code: 'ExchangeTokenBy.AuthorizationCode',
  refresh_token: 'ExchangeTokenBy.RefreshToken',
  client_credentials: 'ExchangeTokenBy.ClientCredentials',
  'urn:ietf:params:oauth:grant-type:token-exchange': 'ExchangeTokenBy.TokenExchange',
  'urn:ietf:params:oauth:grant-type:device_code': 'ExchangeTokenBy.DeviceCode',
};

/**
 * The request parameters a log keeps, and no other: never a code, a token, a code verifier, a client secret or an
 * assertion.
 */
const loggedParams = ['grant_type', 'scope', 'resource', 'organization_id', 'subject_token_type', 'requested_token_type', 'token_type_hint', 'prompt'];

const paramsOf = (ctx: KoaContextWithOIDC) => {
  const source = (ctx.oidc?.params ?? (ctx.request as { body?: unknown }).body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(loggedParams.flatMap((name) => (source[name] === undefined ? [] : [[name, source[name]]])));
};

/** Success, or the error the endpoint answered (`{ error, error_description }`). */
const outcomeOf = (ctx: KoaContextWithOIDC): Pick<LogEntry, 'result' | 'error'> => {
  if (ctx.status < 400) return { result: 'Success' };
  const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as { error?: unknown; error_description?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { result: 'Error', error: { code: text(body.error) ?? String(ctx.status), message: text(body.error_description) } };
};

/** The user a token request or revocation is about, from whichever token it presented or was issued. */
const userOf = ({ entities }: KoaContextWithOIDC['oidc']) =>
  entities.Account?.accountId ?? entities.AuthorizationCode?.accountId ?? entities.RefreshToken?.accountId ?? entities.AccessToken?.accountId;

/** What the audit log records of a request the tenant's issuer answered, if anything. */
const entryOf = (ctx: KoaContextWithOIDC, started: PromptDetail | undefined): LogEntry | undefined => {
  const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
  const applicationId = oidc?.client?.clientId;
  if (started) {
    // An authorization request (or a resumed one) that needs the sign-in pages: the interaction starts.
    return {
      key: 'Interaction.Create',
      sessionId: oidc?.entities.Interaction?.uid,
      applicationId,
      userId: oidc?.session?.accountId,
      promptName: started.name,
      params: paramsOf(ctx),
    };
  }
  if (ctx.method !== 'POST') return undefined;
  if (ctx.path === '/token') {
    const params = paramsOf(ctx);
    const key = grantLogKeys[String(params.grant_type)] ?? 'ExchangeTokenBy.Unknown';
    return { key, ...outcomeOf(ctx), applicationId, userId: oidc && userOf(oidc), params };
  }
  if (ctx.path === '/token/revocation') {
    const { AccessToken, RefreshToken, ClientCredentials } = oidc?.entities ?? {};
    const revoked = AccessToken ?? RefreshToken ?? ClientCredentials;
    return { key: 'RevokeToken', ...outcomeOf(ctx), applicationId, userId: oidc && userOf(oidc), params: paramsOf(ctx), tokenType: revoked?.kind };
  }
  return undefined;
};

/**
 * Writes the audit logs of a tenant's issuer (audit-logs.md §7, tenant-runtime.md §5): each token request, success or
 * failure (`ExchangeTokenBy.*` with the grant's parameters, the client and the user), each revocation (`RevokeToken`),
 * and each interaction it starts (`Interaction.Create`; the sign-in pages log its steps). Register it before the other
 * middleware, so that it also sees the requests they answer. A log that cannot be written fails nothing.
 */
export const logIssuerEvents = (provider: Provider, db: Db, tenantId: string) => {
  const started = new WeakMap<object, PromptDetail>();
  provider.on('interaction.started', (ctx, prompt) => started.set(ctx, prompt));
  provider.use(async (koaCtx, next) => {
    await next();
    const ctx = koaCtx as unknown as KoaContextWithOIDC;
    const entry = entryOf(ctx, started.get(ctx));
    if (entry) await recordLog(db, tenantId, { ...entry, ip: ctx.ip, userAgent: ctx.get('user-agent') || undefined });
  });
};
