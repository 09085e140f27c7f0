import { queryOptions } from '@tanstack/react-query';
import type { TenantRole } from '#schemas/constants.ts';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation } from './mutation.ts';

export const memberQueries = {
  list: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'members'), queryFn: () => api.members.listMembers(tenantId) }),
};

export const useUpdateMemberRole = () =>
  useTenantMutation('members', ({ api, tenantId }, { userId, role }: { userId: string; role: TenantRole }) =>
    api.members.updateMemberRole(tenantId, userId, role),
  );

export const useRemoveMember = () =>
  useTenantMutation('members', ({ api, tenantId }, userId: string) => api.members.removeMember(tenantId, userId));
