import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { adminTenantId } from '#schemas/constants.ts';
import type { Db } from '../db/client.ts';
import { oidcModels } from '../db/schema.ts';

/**
 * Deletes the account's OIDC state at one issuer: browser sessions, sign-ins under way, grants and every token and
 * code of those grants, so none of them signs in, refreshes or introspects again. With `except`, that grant and the
 * browser sessions holding it stay (the user's current sign-in). The issuer is the console's own (console accounts),
 * or a tenant's (`issuer`: its id) for the tenant's users. `keepInteraction`: that sign-in under way stays (a password
 * reset's own, which goes on to the sign-in page).
 *
 * Two statements, so that each reads an index rather than all of the issuer's rows: the ended grants' tokens and codes
 * by grant (oidc_models_grant_id), then the account's own rows (oidc_models_tenant_id_account_id and
 * oidc_models_tenant_id_interaction_account_id, migration 0010).
 */
export const deleteOidcState = async (
  tx: Db,
  userId: string,
  { except, issuer = adminTenantId, keepInteraction }: { except?: string; issuer?: string; keepInteraction?: string } = {},
) => {
  const ofIssuer = eq(oidcModels.tenantId, issuer);
  const ofUser = sql`${oidcModels.payload} ->> 'accountId' = ${userId}`;
  const signInsUnderWay = sql`${oidcModels.model} = 'Interaction' and ${oidcModels.payload} -> 'session' ->> 'accountId' = ${userId} and ${oidcModels.id} <> ${keepInteraction ?? ''}`;
  const endedGrantIds = tx
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(and(ofIssuer, eq(oidcModels.model, 'Grant'), ofUser, except ? ne(oidcModels.id, except) : undefined));
  await tx.delete(oidcModels).where(and(ofIssuer, inArray(oidcModels.grantId, endedGrantIds)));
  const holdsKeptGrant = sql`jsonb_path_exists(${oidcModels.payload}, '$.authorizations.*.grantId ? (@ == $grant)', jsonb_build_object('grant', ${except ?? ''}::text))`;
  await tx.delete(oidcModels).where(
    and(
      ofIssuer,
      except
        ? or(and(eq(oidcModels.model, 'Grant'), ofUser, ne(oidcModels.id, except)), and(eq(oidcModels.model, 'Session'), ofUser, sql`not ${holdsKeptGrant}`), signInsUnderWay)
        : or(ofUser, signInsUnderWay),
    ),
  );
};
