import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  createdUserGuard,
  createUserGuard,
  customDataGuard,
  hasPasswordGuard,
  patchUserGuard,
  profileGuard,
  tenantUserGuard,
  tenantUserListItemGuard,
  totalNumberIsCappedHeader,
  userCustomDataGuard,
  userPasswordGuard,
  userProfileGuard,
  userSuspensionGuard,
} from '#schemas/tenant-user.ts';
import { userListFilters } from '#schemas/list-search/users.ts';
import { routerOf } from '#server/api/route.ts';
import type { ServerConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { changesOf } from '../audit.ts';
import { invalidField } from '../errors.ts';
import { sendPage, type ManagementEnv, type ManagementKit } from '../kit.ts';
import { generatePassword, hashAcceptedPassword, storedPassword } from '#server/tenant/users/passwords.ts';
import { readAdvancedSearch } from './search-query.ts';
import * as store from '#server/tenant/users/store.ts';
import { columnsOf, identifierGiven, passwordPolicyOf, passwordChanged, passwordSourceOf, userInfoOf, verificationOf } from '#server/tenant/users/domain.ts';
import { patchUser } from './patch-user.ts';
import { acceptedPassword, answer, uniqueIdentifiers, userOf } from './user-errors.ts';

const excludeBoth = () => invalidField('excludeOrganizationId', 'Give excludeRoleId or excludeOrganizationId, not both.', 'query');

const notFoundError = ['entity.not_exists_with_id'] as const;
const identifierErrors = ['user.username_already_in_use', 'user.email_already_in_use', 'user.phone_already_in_use'] as const;

/** What the users routes read of the server's settings: the edition's default sign-in experience, the breached-password lookup. */
export type UserRoutesConfig = Pick<ServerConfig, 'edition' | 'breachedPasswordsUrl'>;

/**
 * The password of a new user: given (the tenant's policy applies, breached passwords included), imported as a digest,
 * or generated and answered once.
 */
const passwordOf = async (db: Db, config: UserRoutesConfig, tenantId: string, input: z.output<typeof createUserGuard>) => {
  const source = answer(passwordSourceOf(input));
  if ('imported' in source) return { secret: source.imported };
  const { password } = source;
  const policy = await passwordPolicyOf(db, tenantId, config.edition);
  const userInfo = { username: input.username, email: input.primaryEmail, phone: input.primaryPhone, name: input.name };
  if (password !== undefined) return { secret: await acceptedPassword(hashAcceptedPassword(config, password, userInfo, policy)) };
  const generated = generatePassword(policy, userInfo);
  return { secret: await storedPassword(generated), generated };
};

/** A tenant's users (spec 02 §2, users.md §5): the list, create, details, password and suspension. */
export const userRoutes = (db: Db, { access, withTenantWrite }: ManagementKit, config: UserRoutesConfig) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);

  routes.get('/users', {
    scope: 'read:data',
    summary: `List users, the newest first (sort=lastSignInAt: the latest sign-in first). q searches id, username, e-mail, phone and name (a keyword of one or two characters: the start of one). The advanced search: search.{id,primaryEmail,primaryPhone,username,name} (repeatable), mode.{field}=like|exact, joint=or|and, isCaseSensitive. Filters: isSuspended, excludeRoleId or excludeOrganizationId. A filtered total stops at 10,000 (${totalNumberIsCappedHeader}: true).`,
    query: userListFilters,
    response: tenantUserListItemGuard,
    list: true,
  }, async (c, { query: { filters, ...page } }) => {
    const { isSuspended, excludeRoleId, excludeOrganizationId, sort, joint, isCaseSensitive } = filters;
    if (excludeRoleId !== undefined && excludeOrganizationId !== undefined) throw excludeBoth();
    const advanced = readAdvancedSearch(c.req.queries(), { joint, isCaseSensitive });
    // No organizations exist yet: no user is a member of one, so excludeOrganizationId leaves out no one.
    const { items, total, capped } = await store.listUsers(db, c.var.tenant.id, page, {
      isSuspended: isSuspended === undefined ? undefined : isSuspended === 'true',
      excludeRoleId,
      advanced,
      sort,
    });
    if (capped) c.header(totalNumberIsCappedHeader, 'true');
    return sendPage(c, { items, total });
  });

  routes.post('/users', {
    scope: 'write:data',
    summary:
      'Create a user with a username, e-mail or phone, holding the default user roles; with a password (the tenant policy applies), an imported digest, or neither: then a generated password, which this answer alone shows. The e-mail and phone are unverified unless primaryEmailVerified, primaryPhoneVerified say you vouch for them.',
    body: createUserGuard,
    response: createdUserGuard,
    status: 201,
    errors: ['user.missing_identifier', 'user.password_and_digest', 'user.password_algorithm_required', ...identifierErrors, 'password.rejected'],
  }, async (c, { body: input }) => {
    const { password: _password, passwordDigest: _digest, passwordAlgorithm: _algorithm, ...fields } = input;
    answer(identifierGiven(fields));
    const { secret, generated } = await passwordOf(db, config, c.var.tenant.id, input);
    const identifiers = columnsOf(fields);
    const columns = { ...identifiers, ...answer(verificationOf(fields, identifiers)) };
    const created = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const user = await uniqueIdentifiers(store.insertUser(tx, tenant.id, { ...columns, ...secret }));
      const changes = { ...changesOf<Record<string, unknown>>({}, columns), ...passwordChanged };
      await log({ key: 'Management.User.Created', targetId: user.id, userId: user.id, changes });
      return user;
    });
    return c.json({ ...store.toTenantUser(created), ...(generated === undefined ? {} : { password: generated }) }, 201);
  });

  routes.get('/users/:id', {
    scope: 'read:data',
    summary: 'Get a user; with includeSsoIdentities=true, their enterprise SSO identities too.',
    query: { includeSsoIdentities: z.optional(z.string()) },
    response: tenantUserGuard,
    errors: notFoundError,
  }, async (c, { params, query }) => {
    const user = store.toTenantUser(await userOf(db, c.var.tenant.id, params.id));
    // No enterprise SSO connectors exist yet, so no user has an SSO identity.
    return c.json(query.includeSsoIdentities === 'true' ? { ...user, ssoIdentities: [] } : user);
  });

  routes.patch('/users/:id', {
    scope: 'write:data',
    summary:
      "Update a user's identifiers, name and avatar ('' or null clears one), custom data and profile (each replaced whole). primaryEmailVerified, primaryPhoneVerified: whether you vouch for the identifier; one that changes without it is unverified.",
    body: patchUserGuard,
    response: tenantUserGuard,
    errors: [...notFoundError, ...identifierErrors],
  }, async (c, { params, body: fields }) => {
    const columns = columnsOf(fields);
    const user = await patchUser(c, withTenantWrite, params.id, (before) => ({ ...columns, ...answer(verificationOf(fields, columns, before)) }));
    return c.json(store.toTenantUser(user));
  });

  routes.patch('/users/:id/custom-data', {
    scope: 'write:data',
    summary: "Replace a user's custom data.",
    body: userCustomDataGuard,
    response: customDataGuard,
    errors: notFoundError,
  }, async (c, { params, body: { customData } }) => {
    return c.json((await patchUser(c, withTenantWrite, params.id, { customData })).customData);
  });

  routes.patch('/users/:id/profile', {
    scope: 'write:data',
    summary: "Replace a user's profile; unknown keys are refused.",
    body: userProfileGuard,
    response: profileGuard,
    errors: notFoundError,
  }, async (c, { params, body: { profile } }) => {
    return c.json((await patchUser(c, withTenantWrite, params.id, { profile })).profile);
  });

  /**
   * Sets a password (the given one, checked before the write, or a generated one), logged without its value; every
   * sign-in of the user ends.
   */
  const resetPassword = async (c: Context<ManagementEnv>, id: string, password: string | undefined) => {
    const user = await userOf(db, c.var.tenant.id, id);
    const policy = await passwordPolicyOf(db, c.var.tenant.id, config.edition);
    const given = password ?? generatePassword(policy, userInfoOf(user));
    const secret = password === undefined ? await storedPassword(given) : await acceptedPassword(hashAcceptedPassword(config, given, userInfoOf(user), policy));
    return withTenantWrite(c, async ({ tx, tenant, log }) => {
      await userOf(tx, tenant.id, id);
      const updated = (await store.updateUser(tx, tenant.id, id, secret))!;
      await store.endUserSessions(tx, tenant.id, id);
      await log({ key: 'Management.User.PasswordReset', targetId: id, userId: id, changes: passwordChanged });
      return { user: updated, password: given };
    });
  };

  routes.patch('/users/:id/password', {
    scope: 'write:data',
    summary: "Set a user's password (the tenant policy applies); their sessions and tokens end.",
    body: userPasswordGuard,
    response: tenantUserGuard,
    errors: [...notFoundError, 'password.rejected'],
  }, async (c, { body: { password }, params: { id } }) => {
    return c.json(store.toTenantUser((await resetPassword(c, id, password)).user));
  });

  routes.post('/users/:id/password/generate', {
    scope: 'write:data',
    summary: 'Give a user a generated password, which this answer alone shows; their sessions and tokens end.',
    response: createdUserGuard,
    errors: notFoundError,
  }, async (c, { params: { id } }) => {
    const { user, password } = await resetPassword(c, id, undefined);
    return c.json({ ...store.toTenantUser(user), password });
  });

  routes.get('/users/:id/has-password', {
    scope: 'read:data',
    summary: 'Whether a user has a password.',
    response: hasPasswordGuard,
    errors: notFoundError,
  }, async (c, { params }) => {
    const user = await userOf(db, c.var.tenant.id, params.id);
    return c.json({ hasPassword: user.passwordEncrypted !== null });
  });

  routes.patch('/users/:id/is-suspended', {
    scope: 'write:data',
    summary: 'Suspend a user, which ends their sessions and tokens at once, or reactivate them.',
    body: userSuspensionGuard,
    response: tenantUserGuard,
    errors: notFoundError,
  }, async (c, { body: { isSuspended }, params: { id } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const before = await userOf(tx, tenant.id, id);
      const user = (await store.updateUser(tx, tenant.id, id, { isSuspended }))!;
      if (isSuspended) await store.endUserSessions(tx, tenant.id, id);
      await log({ key: 'Management.User.SuspensionUpdated', targetId: id, userId: id, changes: changesOf<Record<string, unknown>>(before, { isSuspended }) });
      return user;
    });
    return c.json(store.toTenantUser(updated));
  });

  routes.delete('/users/:id', {
    scope: 'delete:data',
    summary: 'Delete a user: their sessions and tokens end, their role links go, their identifiers become free.',
    errors: notFoundError,
  }, async (c, { params: { id } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const user = await userOf(tx, tenant.id, id);
      await store.endUserSessions(tx, tenant.id, id);
      await store.deleteUser(tx, tenant.id, id);
      await log({ key: 'Management.User.Deleted', targetId: id, userId: id, hookData: store.toTenantUser(user) });
    });
    return c.body(null, 204);
  });

  return app;
};
