import { userConsentScopeTypes, type UserConsentScopeType } from '#schemas/user-consent.ts';
import type { Db } from '#server/db/client.ts';
import { ok } from '#server/result.ts';
import { findApplication } from '../applications/store.ts';
import { idsOf, notExists, type NotExists } from '../refusals.ts';
import { findScopes } from '../roles/store.ts';

/** What a third-party application may ask users to consent to: never the management API. */

export type ConsentRefusal = NotExists | { reason: 'application.third_party_only' | 'application.management_api_scope' };

/** The application, refused unless it is a third-party one: only those ask users for consent. */
export const thirdPartyApplicationOf = async (db: Db, tenantId: string, id: string) => {
  const application = await findApplication(db, tenantId, id);
  if (!application) return notExists(id);
  return application.isThirdParty ? ok(application) : ({ ok: false, reason: 'application.third_party_only' } as const);
};

/** The distinct ids of the tenant's permissions `ids`, refused for one of the management API. */
export const consentScopeIdsOf = async (db: Db, tenantId: string, ids: readonly string[]) =>
  idsOf(ids, await findScopes(db, tenantId, ids), (scope) => (scope.ofManagementApi ? ({ ok: false, reason: 'application.management_api_scope' } as const) : undefined));

/** A path's kind of consent scope: user-scopes or resource-scopes. */
export const consentScopeTypeOf = (scopeType: string) =>
  (userConsentScopeTypes as readonly string[]).includes(scopeType) ? ok(scopeType as UserConsentScopeType) : notExists(scopeType);
