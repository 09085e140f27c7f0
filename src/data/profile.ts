import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { tabChannel } from '../app/tab-channel.ts';
import { userKeys } from './keys.ts';

/** The signed-in user (the preferences store reads and writes it: src/preferences/store.ts). */
export const profileQueries = {
  me: (api: Pick<ApiClient, 'me'>) => queryOptions({ queryKey: userKeys.profile, queryFn: () => api.me.get() }),
};

/** The tabs of the console tell each other that the signed-in user changed (the profile page opens in a tab of its own). */
export const profileChanges = () => tabChannel('gatehouse:profile');
