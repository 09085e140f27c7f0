import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { verificationLifetimeMs, type LinkSocialIdentity, type SocialAuthorizationUriRequest } from '#schemas/profile.ts';
import type { Db } from '../db/client.ts';
import { socialAuthorizations, users } from '../db/schema.ts';
import type { User } from '../accounts/console-accounts.ts';
import { generateId } from '../ids.ts';
import type { AccountGone } from '../me/password.ts';
import { ok, transactionResult, type Result } from '../result.ts';
import { isOwnUrl, type SocialConnectorProvider } from './connectors.ts';

const connectorNotFound = { ok: false, reason: 'connector.not_found' } as const;

/** Why a social link is refused. */
export type SocialLinkRefusal =
  | AccountGone
  | { reason: 'connector.not_found' | 'social.invalid_redirect_uri' | 'social.invalid_state' | 'connector.social_auth_code_invalid' }
  | { reason: 'user.identity_already_in_use' | 'user.identity_not_exist' };

const findProvider = (providers: SocialConnectorProvider[], connectorId: string) =>
  providers.find((candidate) => candidate.connector.id === connectorId);

/** POST me/social/authorization-uri: remembers the state for the user, so only their own popup can complete the link. */
export const startSocialLink = async (
  db: Db,
  providers: SocialConnectorProvider[],
  publicUrl: string,
  userId: string,
  { connectorId, state, redirectUri }: SocialAuthorizationUriRequest,
): Promise<Result<{ redirectTo: string }, SocialLinkRefusal>> => {
  const provider = findProvider(providers, connectorId);
  if (!provider) return connectorNotFound;
  if (!isOwnUrl(publicUrl, redirectUri)) return { ok: false, reason: 'social.invalid_redirect_uri' };
  await db.insert(socialAuthorizations).values({
    id: generateId(),
    userId,
    connectorId,
    state,
    redirectUri,
    expiresAt: new Date(Date.now() + verificationLifetimeMs),
  });
  return ok({ redirectTo: provider.authorizationUri({ state, redirectUri }) });
};

/**
 * POST me/social/link-identity, in one transaction: uses up the state of the user's authorization, exchanges the code
 * and links the identity under the connector's target, unless another account has it already. A transaction-scoped
 * lock on the identity keeps two accounts from linking it at the same time.
 */
export const linkSocialIdentity = (db: Db, providers: SocialConnectorProvider[], userId: string, { connectorId, connectorData }: LinkSocialIdentity) =>
  transactionResult(db, async (tx): Promise<Result<User, SocialLinkRefusal>> => {
    const provider = findProvider(providers, connectorId);
    if (!provider) return connectorNotFound;
    const [authorization] = await tx
      .delete(socialAuthorizations)
      .where(
        and(
          eq(socialAuthorizations.userId, userId),
          eq(socialAuthorizations.connectorId, connectorId),
          eq(socialAuthorizations.state, connectorData.state ?? ''),
          gt(socialAuthorizations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!authorization || (connectorData.redirectUri !== undefined && connectorData.redirectUri !== authorization.redirectUri)) {
      return { ok: false, reason: 'social.invalid_state' };
    }
    const identity = await provider.exchange(tx, { ...connectorData, redirectUri: authorization.redirectUri });
    if (!identity) return { ok: false, reason: 'connector.social_auth_code_invalid' };

    const { target } = provider.connector;
    await tx.execute(sql`select pg_advisory_xact_lock(7326413, hashtext(${`${target}:${identity.id}`}))`);
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.identities} -> ${target} ->> 'userId' = ${identity.id}`, ne(users.id, userId)))
      .limit(1);
    if (other) return { ok: false, reason: 'user.identity_already_in_use' };
    const linked = { [target]: { userId: identity.id, details: identity.details } };
    const [row] = await tx
      .update(users)
      .set({ identities: sql`${users.identities} || ${JSON.stringify(linked)}::jsonb` })
      .where(eq(users.id, userId))
      .returning();
    return row ? ok(row) : { ok: false, reason: 'auth.account_not_found' };
  });

/** DELETE me/social/identity/{connectorId}. */
export const unlinkSocialIdentity = async (
  db: Db,
  providers: SocialConnectorProvider[],
  userId: string,
  connectorId: string,
): Promise<Result<User, SocialLinkRefusal>> => {
  const provider = findProvider(providers, connectorId);
  if (!provider) return connectorNotFound;
  const { target } = provider.connector;
  const [row] = await db
    .update(users)
    .set({ identities: sql`${users.identities} - ${target}` })
    .where(and(eq(users.id, userId), sql`${users.identities} ? ${target}`))
    .returning();
  return row ? ok(row) : { ok: false, reason: 'user.identity_not_exist' };
};
