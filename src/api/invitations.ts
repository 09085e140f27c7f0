import * as z from 'zod/mini';
import { invitationGuard, type CreateInvitations, type Invitation } from '#schemas/invitation.ts';
import type { CloudRequesters } from './client.ts';
import type { ErrorHandling } from './errors.ts';
import { tenantPath } from './tenants.ts';

const invitationsPath = (tenantId: string) => `${tenantPath(tenantId)}/invitations`;
const invitationPath = (id: string) => `/api/invitations/${encodeURIComponent(id)}`;
const invitationList = z.array(invitationGuard);

/** Invitations: a tenant's (admins), and the signed-in user's own (matched by e-mail). */
export const createInvitationsApi = ({ cloud, organization }: CloudRequesters) => ({
  /**
   * POST /api/tenants/{tenantId}/invitations (invite:member) with the tenant's organization token; one invitation per
   * e-mail. No error toast by default: callers show 'invitation failed' themselves (401 still signs in again).
   */
  createInvitations: async (
    tenantId: string,
    body: CreateInvitations,
    options: ErrorHandling = { hideErrorToast: true },
  ): Promise<Invitation[]> =>
    invitationList.parse(await organization(tenantId).request('POST', invitationsPath(tenantId), { ...options, body })),
  /** GET /api/tenants/{tenantId}/invitations (invite:member). */
  listTenantInvitations: async (tenantId: string): Promise<Invitation[]> =>
    invitationList.parse(await cloud.request('GET', invitationsPath(tenantId))),
  /** PATCH /api/tenants/{tenantId}/invitations/{id}/status `{ status: 'Revoked' }` (invite:member). */
  revokeInvitation: async (tenantId: string, id: string): Promise<Invitation> =>
    invitationGuard.parse(
      await cloud.request('PATCH', `${invitationsPath(tenantId)}/${encodeURIComponent(id)}/status`, { body: { status: 'Revoked' } }),
    ),
  /** POST /api/tenants/{tenantId}/invitations/{id}/message (invite:member): mails it again, valid for 7 more days. */
  resendInvitation: async (tenantId: string, id: string): Promise<Invitation> =>
    invitationGuard.parse(await cloud.request('POST', `${invitationsPath(tenantId)}/${encodeURIComponent(id)}/message`)),
  /** GET /api/invitations: the signed-in user's invitations, every status. */
  listMyInvitations: async (options: ErrorHandling = {}): Promise<Invitation[]> =>
    invitationList.parse(await cloud.request('GET', '/api/invitations', options)),
  /** GET /api/invitations/{id}: 403 when it is meant for another e-mail, 404 when unknown. */
  getInvitation: async (id: string, options: ErrorHandling = {}): Promise<Invitation> =>
    invitationGuard.parse(await cloud.request('GET', invitationPath(id), options)),
  /** PATCH /api/invitations/{id}/status `{ status: 'Accepted' }`: joins the tenant with the invited role (409 unless Pending). */
  acceptInvitation: async (id: string, options: ErrorHandling = {}): Promise<Invitation> =>
    invitationGuard.parse(await cloud.request('PATCH', `${invitationPath(id)}/status`, { ...options, body: { status: 'Accepted' } })),
});
export type InvitationsApi = ReturnType<typeof createInvitationsApi>;
