import {
  jwtCustomizerGuard,
  jwtCustomizerListGuard,
  jwtTestResultGuard,
  type JwtCustomizer,
  type JwtCustomizerList,
  type JwtTest,
  type JwtTestResult,
  type JwtTokenType,
  type PutJwtCustomizer,
} from '#schemas/jwt-customizer.ts';
import type { Requester } from '../client.ts';
import { ApiError } from '../errors.ts';

const customizerPath = (tokenType: JwtTokenType) => `/api/configs/jwt-customizer/${tokenType}`;

/** A tenant's custom JWT scripts on its management API (customize-jwt.md §5): variable values come back masked. */
export const createJwtCustomizerApi = (tenant: (tenantId: string) => Requester) => ({
  listJwtCustomizers: async (tenantId: string): Promise<JwtCustomizerList> =>
    jwtCustomizerListGuard.parse(await tenant(tenantId).request('GET', '/api/configs/jwt-customizer')),
  /** The saved script of one token type, or null when there is none (404). */
  getJwtCustomizer: async (tenantId: string, tokenType: JwtTokenType): Promise<JwtCustomizer | null> => {
    const found = await tenant(tenantId)
      .request('GET', customizerPath(tokenType))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
    return found === null ? null : jwtCustomizerGuard.parse(found);
  },
  /** PUT: the whole value; 201 when it makes the script, 200 when it replaces it. */
  putJwtCustomizer: async (tenantId: string, tokenType: JwtTokenType, body: PutJwtCustomizer): Promise<JwtCustomizer> =>
    jwtCustomizerGuard.parse(await tenant(tenantId).request('PUT', customizerPath(tokenType), { body })),
  deleteJwtCustomizer: async (tenantId: string, tokenType: JwtTokenType): Promise<void> => {
    await tenant(tenantId).request('DELETE', customizerPath(tokenType));
  },
  /** POST /test: runs the unsaved script on the samples in the sandbox; a failed run answers 422 or 400 with details. */
  testJwtCustomizer: async (tenantId: string, body: JwtTest): Promise<JwtTestResult> =>
    jwtTestResultGuard.parse(await tenant(tenantId).request('POST', '/api/configs/jwt-customizer/test', { body })),
});

export type JwtCustomizerApi = ReturnType<typeof createJwtCustomizerApi>;
