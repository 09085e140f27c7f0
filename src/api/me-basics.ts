import * as z from 'zod/mini';
import type { CustomDataPatch } from '#schemas/preferences.ts';
import { meGuard, type Me } from '#schemas/user.ts';
import type { Requester } from './client.ts';
import type { ErrorHandling } from './errors.ts';

/** What every screen needs of the Me API (the preferences store): the user, and writing the custom data. */
export const createMeBasics = (me: Requester) => ({
  /** GET me. */
  get: async (options?: ErrorHandling): Promise<Me> => meGuard.parse(await me.request('GET', '/me', options)),
  /** PATCH me/custom-data: top-level keys are merged; answers the whole custom data. */
  patchCustomData: async (patch: CustomDataPatch) =>
    z.record(z.string(), z.unknown()).parse(await me.request('PATCH', '/me/custom-data', { body: patch })),
});
