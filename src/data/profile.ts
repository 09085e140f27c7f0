import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { userKeys } from './keys.ts';

/** The signed-in user (the preferences store reads and writes it: src/preferences/store.ts) and what the profile page lists. */
export const profileQueries = {
  me: (api: Pick<ApiClient, 'me'>) => queryOptions({ queryKey: userKeys.profile, queryFn: () => api.me.get() }),
  socialConnectors: (api: ApiClient) =>
    queryOptions({ queryKey: userKeys.socialConnectors, queryFn: () => api.profile.listSocialConnectors() }),
};
