import type { ManagementLogKey, InteractionEvent } from '#schemas/log.ts';
import type { HookEvent, InteractionHookEvent } from '#schemas/webhook.ts';
import { isInteractionHookEvent } from '#schemas/webhook.ts';
import type { Db } from '#server/db/client.ts';
import { findApplication, findUser } from '#server/tenant-runtime/store.ts';
import { toTenantUser, type UserRow } from '#server/tenant/users/store.ts';
import { enqueueHookEvent } from './outbox.ts';

/** The payloads of webhook events (webhooks.md §5), beside `hookId`, `event`, `createdAt` and `sequence` (outbox.ts). */

/** The data event a management change fires (Logto's mapping of management routes, webhooks.md §5); none for the rest. */
export const hookEventOfChange: Partial<Record<ManagementLogKey, HookEvent>> = {
  'Management.User.Created': 'User.Created',
  'Management.User.Updated': 'User.Data.Updated',
  'Management.User.PasswordReset': 'User.Data.Updated',
  'Management.User.IdentityDeleted': 'User.Data.Updated',
  'Management.User.MfaVerificationDeleted': 'User.Data.Updated',
  'Management.User.SuspensionUpdated': 'User.SuspensionStatus.Updated',
  'Management.User.Deleted': 'User.Deleted',
  'Management.Role.Created': 'Role.Created',
  'Management.Role.Updated': 'Role.Data.Updated',
  'Management.Role.Deleted': 'Role.Deleted',
  'Management.Role.ScopesUpdated': 'Role.Scopes.Updated',
  'Management.Scope.Created': 'Scope.Created',
  'Management.Scope.Updated': 'Scope.Data.Updated',
  'Management.Scope.Deleted': 'Scope.Deleted',
};

/** The request a data event came from (Logto's fields), as the management route saw it. */
export type ChangeRequest = {
  userAgent?: string;
  ip?: string;
  path: string;
  method: string;
  status: number;
  params: Record<string, string>;
  matchedRoute: string;
  /** The machine-to-machine app that made the change, if one did. */
  applicationId?: string;
};

/**
 * A data event's payload: the request, and `data`, the entity after the change (a deleted one as it was), or what the
 * route names; a user is read in the change's transaction, as the API answers it.
 */
export const dataEventPayload = async (tx: Db, tenantId: string, event: HookEvent, request: ChangeRequest, target: { id: string; data?: unknown }) => {
  const { applicationId, ...fields } = request;
  let data = target.data;
  if (data === undefined && event.startsWith('User.') && event !== 'User.Deleted') {
    const user = await findUser(tx, tenantId, target.id);
    data = user ? toTenantUser(user) : { id: target.id };
  }
  const application = applicationId ? await applicationOf(tx, tenantId, applicationId) : undefined;
  return { ...fields, data: data ?? { id: target.id }, ...(application ? { application } : {}) };
};

const applicationOf = async (db: Db, tenantId: string, id: string) => {
  const app = await findApplication(db, tenantId, id);
  return app && { id: app.id, type: app.type, name: app.name, description: app.description ?? null };
};

/**
 * The sign-in flow's event, chosen once at the submit from what the flow did: `Register` when it made the account, by
 * any method (password, code, social, SSO), so PostRegister, never PostSignIn.
 */
export const interactionHookEvent = (event: InteractionEvent): InteractionHookEvent =>
  event === 'Register' ? 'PostRegister' : event === 'ForgotPassword' ? 'PostResetPassword' : 'PostSignIn';

const userFields = (user: UserRow) => {
  const { id, username, primaryEmail, primaryPhone, name, avatar, customData, identities, profile, applicationId, isSuspended, lastSignInAt, createdAt, updatedAt } = toTenantUser(user);
  return { id, username, primaryEmail, primaryPhone, name, avatar, customData, identities, profile, applicationId, isSuspended, lastSignInAt, createdAt, updatedAt };
};

export type InteractionContext = { sessionId: string; userAgent?: string; userIp?: string; applicationId?: string };

/** A sign-in flow event's payload (webhooks.md §5), the user and app read in `tx`. */
export const interactionPayload = async (tx: Db, tenantId: string, interactionEvent: InteractionEvent, userId: string, context: InteractionContext) => {
  const user = await findUser(tx, tenantId, userId);
  const application = context.applicationId ? await applicationOf(tx, tenantId, context.applicationId) : undefined;
  return {
    interactionEvent,
    sessionId: context.sessionId,
    userAgent: context.userAgent,
    userIp: context.userIp,
    userId,
    ...(user ? { user: userFields(user) } : {}),
    ...(application ? { application } : {}),
  };
};

const fakeTime = '2024-01-01T00:00:00.000Z';
const fakeUser = {
  id: 'fake-user-id',
  username: 'fake-user',
  primaryEmail: 'fake-user@example.com',
  primaryPhone: null,
  name: 'Fake User',
  avatar: null,
  customData: {},
  identities: {},
  profile: {},
  applicationId: 'fake-app-id',
  isSuspended: false,
  lastSignInAt: fakeTime,
  createdAt: fakeTime,
  updatedAt: fakeTime,
};
const fakeApplication = { id: 'fake-app-id', type: 'SPA', name: 'Fake application', description: null };

/** A test payload of `event`: obviously fake data (webhooks.md §5). */
export const testPayload = (hookId: string, event: HookEvent) => {
  const base = { hookId, event, createdAt: new Date().toISOString(), sequence: 0 };
  if (isInteractionHookEvent(event)) {
    const interactionEvent = event === 'PostRegister' ? 'Register' : event === 'PostResetPassword' ? 'ForgotPassword' : 'SignIn';
    return { ...base, interactionEvent, sessionId: 'fake-session-id', userAgent: 'fake-user-agent', userIp: '203.0.113.1', userId: fakeUser.id, user: fakeUser, application: fakeApplication };
  }
  const [entity] = event.split('.');
  const data = entity === 'User' ? fakeUser : { id: `fake-${entity!.toLowerCase()}-id`, name: `Fake ${entity}` };
  return {
    ...base,
    userAgent: 'fake-user-agent',
    ip: '203.0.113.1',
    path: '/fake-path',
    method: 'POST',
    status: 200,
    params: {},
    matchedRoute: '/fake-path',
    data,
  };
};

/**
 * `User.Created` of a user the sign-in pages registered (tenant-runtime.md §5), written in the transaction that
 * inserted the user: the request is the sign-in pages' form post.
 */
export const userCreatedBySignIn = async (tx: Db, tenantId: string, user: UserRow, ip: string | undefined, applicationId?: string | null) => {
  const request = { ip, path: '/sign-in', method: 'POST', status: 200, params: {}, matchedRoute: '/sign-in', ...(applicationId ? { applicationId } : {}) };
  await enqueueHookEvent(tx, tenantId, 'User.Created', await dataEventPayload(tx, tenantId, 'User.Created', request, { id: user.id, data: toTenantUser(user) }));
};
