import { msg } from '@lingui/core/macro';
import type { TenantRole } from '#schemas/constants.ts';
import type { InvitationStatus } from '#schemas/invitation.ts';
import { tenantRoleNames } from '#schemas/member.ts';

/** Tenant role names as the console shows them (spec 02 §6). */
export const roleNames = { admin: msg`Admin`, collaborator: msg`Collaborator` } as const satisfies Record<TenantRole, unknown>;

export const isTenantRole = (value: string | null): value is TenantRole => (tenantRoleNames as readonly (string | null)[]).includes(value);

export const invitationStatusNames = {
  Pending: msg`Pending`,
  Accepted: msg`Accepted`,
  Expired: msg`Expired`,
  Revoked: msg`Revoked`,
} as const satisfies Record<InvitationStatus, unknown>;
