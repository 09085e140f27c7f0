import { expect } from 'vitest';
import { signInExperienceGuard, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { ManagementApi } from './contract/management-resource.ts';

/** A JSON request with a bearer token and extra headers (If-Match); a string body is sent as it is. */
export const send = (url: string, token: string, method: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The tenant's sign-in experience and its ETag, read through the API. */
export const readSettings = async (api: ManagementApi): Promise<{ settings: SignInExperienceSettings; etag: string | null }> => {
  const response = await send(`${api.base}/sign-in-exp`, api.token, 'GET');
  expect(response.status).toBe(200);
  return { settings: signInExperienceGuard.parse(await response.json()), etag: response.headers.get('etag') };
};

/** PATCHes the sign-in experience and expects it saved; answers the saved document and its ETag. */
export const patchSettings = async (api: ManagementApi, patch: Partial<SignInExperienceSettings>, headers: Record<string, string> = {}) => {
  const response = await send(`${api.base}/sign-in-exp`, api.token, 'PATCH', patch, headers);
  expect(response.status, await response.clone().text()).toBe(200);
  return { settings: signInExperienceGuard.parse(await response.json()), etag: response.headers.get('etag') };
};
