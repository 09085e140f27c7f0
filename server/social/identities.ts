import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { verificationLifetimeMs, type LinkSocialIdentity, type SocialAuthorizationUriRequest } from '#schemas/profile.ts';
import { accountNotFound, HttpError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { socialAuthorizations, users } from '../db/schema.ts';
import { generateId } from '../ids.ts';
import { isOwnUrl, type SocialConnectorProvider } from './connectors.ts';

const connectorNotFound = () => new HttpError('connector.not_found', 'There is no social connector with this id.');

export const findProvider = (providers: SocialConnectorProvider[], connectorId: string) => {
  const provider = providers.find((candidate) => candidate.connector.id === connectorId);
  if (!provider) throw connectorNotFound();
  return provider;
};

/** POST me/social/authorization-uri: remembers the state for the user, so only their own popup can complete the link. */
export const startSocialLink = async (
  db: Db,
  providers: SocialConnectorProvider[],
  publicUrl: string,
  userId: string,
  { connectorId, state, redirectUri }: SocialAuthorizationUriRequest,
) => {
  const provider = findProvider(providers, connectorId);
  if (!isOwnUrl(publicUrl, redirectUri)) {
    throw new HttpError('social.invalid_redirect_uri', 'The redirect URI must be an address of this server.');
  }
  await db.insert(socialAuthorizations).values({
    id: generateId(),
    userId,
    connectorId,
    state,
    redirectUri,
    expiresAt: new Date(Date.now() + verificationLifetimeMs),
  });
  return { redirectTo: provider.authorizationUri({ state, redirectUri }) };
};

/**
 * POST me/social/link-identity, in one transaction: uses up the state of the user's authorization, exchanges the code
 * and links the identity under the connector's target, unless another account has it already. A transaction-scoped
 * lock on the identity keeps two accounts from linking it at the same time.
 */
export const linkSocialIdentity = (db: Db, providers: SocialConnectorProvider[], userId: string, { connectorId, connectorData }: LinkSocialIdentity) =>
  db.transaction(async (tx) => {
    const provider = findProvider(providers, connectorId);
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
      throw new HttpError('social.invalid_state', 'This link request is unknown or has expired. Start linking again.');
    }
    const identity = await provider.exchange(tx, { ...connectorData, redirectUri: authorization.redirectUri });
    if (!identity) throw new HttpError('connector.social_auth_code_invalid', 'The social provider did not accept the authorization code.');

    const { target } = provider.connector;
    await tx.execute(sql`select pg_advisory_xact_lock(7326413, hashtext(${`${target}:${identity.id}`}))`);
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.identities} -> ${target} ->> 'userId' = ${identity.id}`, ne(users.id, userId)))
      .limit(1);
    if (other) throw new HttpError('user.identity_already_in_use', 'This social account is already linked to another user.');
    const linked = { [target]: { userId: identity.id, details: identity.details } };
    const [row] = await tx
      .update(users)
      .set({ identities: sql`${users.identities} || ${JSON.stringify(linked)}::jsonb` })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw accountNotFound();
    return row;
  });

/** DELETE me/social/identity/{connectorId}. */
export const unlinkSocialIdentity = async (db: Db, providers: SocialConnectorProvider[], userId: string, connectorId: string) => {
  const { target } = findProvider(providers, connectorId).connector;
  const [row] = await db
    .update(users)
    .set({ identities: sql`${users.identities} - ${target}` })
    .where(and(eq(users.id, userId), sql`${users.identities} ? ${target}`))
    .returning();
  if (!row) throw new HttpError('user.identity_not_exist', 'No identity of this connector is linked to the account.');
  return row;
};
