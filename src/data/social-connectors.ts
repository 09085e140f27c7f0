import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { profileApi } from '../api/me.ts';
import { userKeys } from './keys.ts';

/** The social connectors the profile page lists for linking (apart from profile.ts, which is on the first screen). */
export const socialConnectorQueries = {
  list: (api: ApiClient) => queryOptions({ queryKey: userKeys.socialConnectors, queryFn: () => profileApi(api).listSocialConnectors() }),
};
