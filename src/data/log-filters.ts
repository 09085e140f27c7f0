import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { allPages } from '../api/management/pages.ts';
import { applicationsApi } from './applications.ts';
import { tenantKeys } from './keys.ts';
import { usersApi } from './users.ts';

/** How many users the log's user filter offers for what is typed. */
const userPickerSize = 20;

/**
 * What the audit log's filters offer: the tenant's apps and a search of its users. They load with the filters, after
 * the list. Keyed under their own entities, so that writes to apps or users refetch them too; the chosen user is
 * userQueries.detail.
 */
export const logFilterQueries = {
  /** Every app of the tenant, for the application filter. */
  applications: (api: ApiClient, tenantId: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'applications', { of: 'log-filter' }),
      queryFn: () => allPages((query) => applicationsApi(api).listApplications(tenantId, query)),
    }),
  /** The users matching what is typed in the user filter (the users list's search). */
  users: (api: ApiClient, tenantId: string, q: string) =>
    queryOptions({
      queryKey: tenantKeys.list(tenantId, 'users', { of: 'log-filter', q }),
      queryFn: () => usersApi(api).listUsers(tenantId, { page: 1, pageSize: userPickerSize, ...(q ? { q } : {}) }),
      placeholderData: keepPreviousData,
    }),
};
