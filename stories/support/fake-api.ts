import type { TenantTag } from '#schemas/constants.ts';
import type { AdminPreferences } from '#schemas/preferences.ts';
import type { ApiClient, Page } from '#src/api/client.ts';
import type { RuntimeConfig } from '#src/config.ts';
import { ApiError } from '#src/api/errors.ts';
import { createTestConsole } from '#tests/support/console.tsx';
import { sampleTenant } from '#tests/support/samples.ts';
import { editionOf } from './editions.ts';

/** How a call of a story's fake management API answers: a value, never (the page stays loading), or a failure. */
export type Answer<T> = T | 'loading' | 'error';

/** The fakes of the API calls a story's page makes, from the story's args. */
export type FakeApi = (client: ApiClient) => Partial<ApiClient>;

export const never = () => new Promise<never>(() => {});
export const serverError = () => new ApiError('Internal server error', 500, { code: 'unknown', message: 'Internal server error' });
export const notFound = () => new ApiError('not found', 404, { code: 'entity.not_exists_with_id', message: 'The entity does not exist.' });

/** The free plan's quota error of a create call, with the limit it ran into (`{ applicationsLimit: 3 }`). */
export function quotaExceeded(limit: Record<string, number>) {
  const message = `Status exception: Exceeded quota limit. ${JSON.stringify(limit)}`;
  return new ApiError(message, 403, { code: 'subscription.quota_exceeded', message });
}

export async function answer<T>(value: Answer<T>): Promise<T> {
  if (value === 'loading') return never();
  if (value === 'error') throw serverError();
  return value;
}

/** A list answer as one page; `total` when the list has more pages than shown, `capped` when the server stopped counting. */
export async function pageOf<T>(value: Answer<T[]>, total?: number, capped?: boolean): Promise<Page<T>> {
  const items = await answer(value);
  return { items, total: total ?? items.length, ...(capped ? { capped } : {}) };
}

/** One entity of a list answer by id; an unknown id answers 404. */
export async function byId<T extends { id: string }>(value: Answer<T[]>, id: string): Promise<T> {
  const found = (await answer(value)).find((item) => item.id === id);
  if (!found) throw notFound();
  return found;
}

/** The tenant's endpoint, which the guides and the credentials show. */
export const tenantEndpoint = (client: ApiClient): Pick<ApiClient, 'tenants'> => ({
  tenants: { ...client.tenants, getTenantEndpoint: async (tenantId) => ({ user: `http://localhost:3001/t/${tenantId}` }) },
});

type ConsoleOptions = { planId?: string; tag?: TenantTag; preferences?: Partial<AdminPreferences>; config?: Partial<RuntimeConfig> };

/**
 * A page story: the real console routes at `path`, signed in as an admin of the tenant Acme, in the toolbar's edition,
 * with the management API faked.
 */
export function renderConsole(path: string, globals: Record<string, unknown>, api: FakeApi, { planId = 'free', tag = 'production', preferences, config }: ConsoleOptions = {}) {
  return createTestConsole(path, {
    edition: editionOf(globals.edition),
    tenants: [sampleTenant('acme', { name: 'Acme', tag, planId })],
    roles: ['acme:admin'],
    preferences,
    api,
    config,
  }).element;
}
