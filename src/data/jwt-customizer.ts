import { queryOptions } from '@tanstack/react-query';
import type { JwtTest, JwtTokenType, PutJwtCustomizer } from '#schemas/jwt-customizer.ts';
import type { ApiClient } from '../api/client.ts';
import { createJwtCustomizerApi } from '../api/management/jwt-customizer.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation, type WriteOptions } from './mutation.ts';
import { useTenantScope } from './tenant-scope.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
const jwtCustomizerApi = (api: ApiClient) => (api.jwtCustomizer ??= createJwtCustomizerApi(api.tenant));

/** The tenant's custom JWT scripts: both token types' (the index cards), and one type's (its editor; null when none). */
export const jwtCustomizerQueries = {
  list: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'jwt-customizer'), queryFn: () => jwtCustomizerApi(api).listJwtCustomizers(tenantId) }),
  detail: (api: ApiClient, tenantId: string, tokenType: JwtTokenType) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'jwt-customizer', { tokenType }),
      queryFn: () => jwtCustomizerApi(api).getJwtCustomizer(tenantId, tokenType),
    }),
};

export const useSaveJwtCustomizer = (tokenType: JwtTokenType, options?: WriteOptions) =>
  useTenantMutation('jwt-customizer', ({ api, tenantId }, body: PutJwtCustomizer) => jwtCustomizerApi(api).putJwtCustomizer(tenantId, tokenType, body), options);

export const useDeleteJwtCustomizer = () =>
  useTenantMutation('jwt-customizer', ({ api, tenantId }, tokenType: JwtTokenType) => jwtCustomizerApi(api).deleteJwtCustomizer(tenantId, tokenType));

/** A test run saves nothing: a plain request, whose failure the test flow shows itself. */
export function useTestJwtCustomizer() {
  const { api, tenantId } = useTenantScope();
  return (body: JwtTest) => jwtCustomizerApi(api).testJwtCustomizer(tenantId, body);
}
