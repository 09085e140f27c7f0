import type { Client, Interaction } from 'oidc-provider';
import { userScopes } from '#schemas/constants.ts';
import type { Db } from '../db/client.ts';
import { findUserConsentScopes } from '../tenant/consent/store.ts';
import type { ConsentRequest } from '../pages/sign-in-site.ts';

/** Granted to every third-party app that asks: the sign-in itself, the user's name, and refresh tokens (not user data). */
const alwaysGranted = new Set<string>([userScopes.openid, userScopes.profile, userScopes.offlineAccess]);

type ConsentDetails = { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };

/**
 * What a third-party app's consent page asks for (applications.md §10): of what the request asks and the user's roles
 * allow, the user scopes and API permissions enabled on the app's permissions tab; openid, profile and offline_access
 * always. Organization scopes come with organizations.
 */
export const consentRequestOf = async (db: Db, tenantId: string, client: Client, interaction: Interaction): Promise<ConsentRequest> => {
  const enabled = await findUserConsentScopes(db, tenantId, client.clientId);
  const details = interaction.prompt.details as ConsentDetails;
  const allowed = new Set<string>([...alwaysGranted, ...enabled.userScopes]);
  return {
    applicationName: client.clientName ?? client.clientId,
    oidcScopes: (details.missingOIDCScope ?? []).filter((scope) => allowed.has(scope)),
    resources: Object.entries(details.missingResourceScopes ?? {}).flatMap(([indicator, requested]) => {
      const group = enabled.resourceScopes.find(({ resource }) => resource.indicator === indicator);
      const scopes = group?.scopes.filter((scope) => requested.includes(scope.name)) ?? [];
      return group && scopes.length > 0 ? [{ indicator, name: group.resource.name, scopes }] : [];
    }),
  };
};
