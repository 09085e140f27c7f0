import type { Grant, KoaContextWithOIDC } from 'oidc-provider';
import { adminConsoleAppId } from '#schemas/constants.ts';

/**
 * oidc-provider's `loadExistingGrant`: the grant of this sign-in, as by default; and for the console, which is
 * first-party, what its authorization request asks for added to it, as its consent step would add it
 * (server/pages/interaction.ts). Its sign-in then ends with the password form: no consent interaction follows the
 * login, with its two more redirects. An explicit `prompt=consent` still goes through the consent step.
 */
export async function loadGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (clientId !== adminConsoleAppId || !oidc.session?.accountId) return existing;
  const grant = existing ?? new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  grant.addOIDCClaims([...oidc.requestParamClaims]);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
    if (scopes.length > 0) grant.addResourceScope(indicator, scopes.join(' '));
  }
  await grant.save();
  return grant;
}
