import { queryOptions } from '@tanstack/react-query';
import type { CreateInvitations } from '../../schemas/invitation.ts';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys, userKeys } from './keys.ts';
import { useTenantMutation } from './mutation.ts';

export const invitationQueries = {
  list: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'invitations'), queryFn: () => api.invitations.listTenantInvitations(tenantId) }),
  /**
   * The user's pending invitations, fetched again whenever the tenant list changes (an invitation accepted elsewhere is
   * no longer pending); a failure shows none.
   */
  pending: (api: ApiClient, tenantIds: string[]) =>
    queryOptions({
      queryKey: [...userKeys.invitations, { tenantIds }],
      queryFn: async () => (await api.invitations.listMyInvitations({ hideErrorToast: true })).filter(({ status }) => status === 'Pending'),
      placeholderData: (previous) => previous,
    }),
};

export const useCreateInvitations = (tenantId: string) =>
  useTenantMutation(tenantId, 'invitations', (api, body: CreateInvitations) => api.invitations.createInvitations(tenantId, body));

export const useRevokeInvitation = (tenantId: string) =>
  useTenantMutation(tenantId, 'invitations', (api, id: string) => api.invitations.revokeInvitation(tenantId, id));

export const useResendInvitation = (tenantId: string) =>
  useTenantMutation(tenantId, 'invitations', (api, id: string) => api.invitations.resendInvitation(tenantId, id));
