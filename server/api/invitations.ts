import type { Context } from 'hono';
import { Hono } from 'hono';
import { productName, resourceIndicators } from '#schemas/constants.ts';
import * as z from 'zod/mini';
import { acceptInvitationGuard, createInvitationsGuard, invitationGuard, revokeInvitationGuard } from '#schemas/invitation.ts';
import { findUserById } from '../accounts/console-accounts.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  acceptInvitation,
  createInvitations,
  findInvitation,
  invitationStatusOf,
  listInvitationsTo,
  listTenantInvitations,
  renewInvitation,
  revokeInvitation,
  toInvitation,
  type InvitationChange,
  type InvitationRecord,
} from '../invitations.ts';
import { invitationMail } from '../mail/invitation-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { pickLocale } from '../pages/messages.ts';
import type { AuthEnv, createTokenGuard } from './auth.ts';
import { cloudAccess } from './cloud-access.ts';
import { accountNotFound, HttpError, quotaExceeded } from './errors.ts';
import { routerOf } from './route.ts';
import { cloudOrTenantToken, tenantNotFound } from './tenant-access.ts';

const invitationNotFound = () => new HttpError('invitation.not_found', 'The invitation does not exist.');

const invalidStatus = (record: InvitationRecord | undefined, action: string) =>
  new HttpError('invitation.invalid_status',
    `This invitation cannot be ${action}: it is ${record ? invitationStatusOf(record.invitation) : 'not Pending'}.`,
  );

const changed = async (db: Db, id: string, result: InvitationChange, action: string) => {
  if (result.ok) return result.value;
  if (result.reason === 'not_found') throw invitationNotFound();
  if (result.reason === 'subscription.quota_exceeded') throw quotaExceeded(result.exceeded);
  throw invalidStatus(await findInvitation(db, id), action);
};


/** Tenant invitations (admins: invite:member) and the signed-in user's own invitations, matched by e-mail. */
export const invitationRoutes = (config: ServerConfig, db: Db, tokenGuard: ReturnType<typeof createTokenGuard>, mailer: Mailer) => {
  const app = new Hono<AuthEnv>();
  const tenantRoutes = routerOf(app, cloudAccess(db, tokenGuard(cloudOrTenantToken)));
  const ownRoutes = routerOf(app, cloudAccess(db, tokenGuard(resourceIndicators.cloud)));
  const tenantInvitations = '/tenants/:tenantId/invitations';

  const currentUser = async (c: Context<AuthEnv>) => {
    const user = await findUserById(db, c.get('auth').userId);
    if (!user) throw accountNotFound();
    return user;
  };

  /** Mails the invitations after they are stored; a failure leaves them in place to be resent. */
  const sendInvitations = async (c: Context<AuthEnv>, records: InvitationRecord[]) => {
    const inviter = await currentUser(c);
    const locale = pickLocale(undefined, c.req.header('accept-language'));
    const inviterName = inviter.name || inviter.username || inviter.primaryEmail || productName;
    try {
      for (const { invitation, tenant } of records) {
        await mailer.send(
          invitationMail(config.publicUrl, { to: invitation.invitee, invitationId: invitation.id, tenantName: tenant.name, inviter: inviterName, locale }),
        );
      }
    } catch (error) {
      console.error('sending an invitation failed', error);
      throw new HttpError('invitation.mail_failed', 'The invitation was saved, but its e-mail could not be sent. Resend it later.');
    }
  };

  tenantRoutes.post(tenantInvitations, {
    scope: 'invite:member',
    summary: 'Invite people by e-mail, and mail them.',
    body: createInvitationsGuard,
    response: z.array(invitationGuard),
    status: 201,
    errors: ['subscription.quota_exceeded', 'invitation.already_member', 'invitation.already_pending', 'invitation.mail_failed'],
  }, async (c, { params: { tenantId }, body: { invitee, roleName } }) => {
    const { userId } = c.get('auth');
    const result = await createInvitations(db, { tenantId, inviterId: userId, invitees: invitee, role: roleName });
    if (!result.ok) {
      if (result.reason === 'tenant_not_found') throw tenantNotFound();
      if (result.reason === 'subscription.quota_exceeded') throw quotaExceeded(result.exceeded);
      const [code, message] =
        result.reason === 'already_member'
          ? (['invitation.already_member', 'Already a member of this tenant'] as const)
          : (['invitation.already_pending', 'Already invited, with a Pending invitation'] as const);
      throw new HttpError(code, `${message}: ${result.emails.join(', ')}.`, { emails: result.emails });
    }
    await sendInvitations(c, result.value);
    return c.json(result.value.map(toInvitation), 201);
  });

  tenantRoutes.get(tenantInvitations, {
    scope: 'invite:member',
    summary: "The tenant's invitations.",
    response: z.array(invitationGuard),
  }, async (c, { params: { tenantId } }) => {
    return c.json(await listTenantInvitations(db, tenantId));
  });

  tenantRoutes.patch(`${tenantInvitations}/:invitationId/status`, {
    scope: 'invite:member',
    summary: 'Revoke an invitation.',
    body: revokeInvitationGuard,
    response: invitationGuard,
    errors: ['invitation.not_found', 'invitation.invalid_status'],
  }, async (c, { params: { tenantId, invitationId } }) => {
    return c.json(toInvitation(await changed(db, invitationId, await revokeInvitation(db, tenantId, invitationId), 'revoked')));
  });

  tenantRoutes.post(`${tenantInvitations}/:invitationId/message`, {
    scope: 'invite:member',
    summary: 'Resend an invitation, renewing it.',
    response: invitationGuard,
    errors: ['invitation.not_found', 'invitation.invalid_status', 'invitation.mail_failed'],
  }, async (c, { params: { tenantId, invitationId } }) => {
    const record = await changed(db, invitationId, await renewInvitation(db, tenantId, invitationId), 'resent');
    await sendInvitations(c, [record]);
    return c.json(toInvitation(record));
  });

  ownRoutes.get('/invitations', {
    scope: null,
    summary: "The invitations sent to the signed-in user's primary e-mail.",
    response: z.array(invitationGuard),
  }, async (c) => {
    const { primaryEmail } = await currentUser(c);
    return c.json(primaryEmail ? await listInvitationsTo(db, primaryEmail) : []);
  });

  /** The invitation, when it was sent to the signed-in user's primary e-mail (403 otherwise, 404 when unknown). */
  const ownInvitation = async (c: Context<AuthEnv>, id: string) => {
    const [user, record] = await Promise.all([currentUser(c), findInvitation(db, id)]);
    if (!record) throw invitationNotFound();
    if (user.primaryEmail?.toLowerCase() !== record.invitation.invitee) {
      throw new HttpError('invitation.email_mismatch', 'This invitation was sent to another e-mail address than the one of your account.');
    }
    return { user, record };
  };

  ownRoutes.get('/invitations/:invitationId', {
    scope: null,
    summary: 'An invitation sent to the signed-in user.',
    response: invitationGuard,
    errors: ['invitation.email_mismatch', 'invitation.not_found'],
  }, async (c, { params }) =>
    c.json(toInvitation((await ownInvitation(c, params.invitationId)).record)),
  );

  ownRoutes.patch('/invitations/:invitationId/status', {
    scope: null,
    summary: 'Accept an invitation sent to the signed-in user.',
    body: acceptInvitationGuard,
    response: invitationGuard,
    errors: ['invitation.email_mismatch', 'subscription.quota_exceeded', 'invitation.not_found', 'invitation.invalid_status'],
  }, async (c, { params: { invitationId: id } }) => {
    const { user } = await ownInvitation(c, id);
    return c.json(toInvitation(await changed(db, id, await acceptInvitation(db, id, user.id), 'accepted')));
  });

  return app;
};
