import { queryOptions } from '@tanstack/react-query';
import type { CreateInvitations } from '#schemas/invitation.ts';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';

export const invitationQueries = {
  list: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'invitations'), queryFn: () => api.invitations.listTenantInvitations(tenantId) }),
};

export const useCreateInvitations = (options?: WriteOptions) =>
  useTenantMutation('invitations', ({ api, tenantId }, body: CreateInvitations) => api.invitations.createInvitations(tenantId, body), options);

export const useRevokeInvitation = () =>
  useTenantMutation('invitations', ({ api, tenantId }, id: string) => api.invitations.revokeInvitation(tenantId, id));

export const useResendInvitation = () =>
  useTenantMutation('invitations', ({ api, tenantId }, id: string) => api.invitations.resendInvitation(tenantId, id));
