import * as z from 'zod/mini';
import { tenantTags } from './constants.ts';
import { tenantRoleGuard } from './member.ts';
import { emailPattern } from './user.ts';

export const invitationStatuses = ['Pending', 'Accepted', 'Expired', 'Revoked'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** A Pending invitation reads as Expired this long after it was sent. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
export const maxInviteesPerRequest = 20;
export const emailMaxLength = 254;

/** An invitation as the cloud API returns it (spec 01 §3, spec 02 §3). */
export const invitationGuard = z.object({
  id: z.string(),
  tenantId: z.string(),
  organizationId: z.string(),
  tenantName: z.string(),
  tenantTag: z.enum(tenantTags),
  inviterId: z.nullable(z.string()),
  invitee: z.string(),
  roleName: tenantRoleGuard,
  status: z.enum(invitationStatuses),
  acceptedUserId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationGuard>;

export const inviteeGuard = z.string().check(z.trim(), z.maxLength(emailMaxLength), z.regex(emailPattern));

/** Invite payload (spec 01 §3): body of POST /api/tenants/{tenantId}/invitations. */
export const createInvitationsGuard = z.strictObject({
  invitee: z.array(inviteeGuard).check(z.minLength(1), z.maxLength(maxInviteesPerRequest)),
  roleName: tenantRoleGuard,
});
export type CreateInvitations = z.input<typeof createInvitationsGuard>;

/** Body of PATCH /api/invitations/{id}/status: the invitee accepts. */
export const acceptInvitationGuard = z.strictObject({ status: z.literal('Accepted') });
/** Body of PATCH /api/tenants/{tenantId}/invitations/{id}/status: an admin revokes. */
export const revokeInvitationGuard = z.strictObject({ status: z.literal('Revoked') });
