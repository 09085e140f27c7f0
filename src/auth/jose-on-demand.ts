import type { JWTVerifyGetKey, JWTVerifyOptions } from 'jose';

/**
 * The two functions of jose that the sign-in client's ID token check calls, loading jose on that first call (after the
 * sign-in, or a token refresh). The console's build gives this module to @logto/client in jose's place
 * (vite.lazy-jose.ts): a signed-in start from stored tokens checks no ID token, so its first screen does without jose.
 */
export const createRemoteJWKSet = (url: URL): JWTVerifyGetKey => {
  let keys: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    if (!keys) {
      const { createRemoteJWKSet: remoteKeys } = await import('jose');
      keys = remoteKeys(url);
    }
    return keys(header, token);
  };
};

export const jwtVerify = async (token: string, keys: JWTVerifyGetKey, options: JWTVerifyOptions) => {
  const { jwtVerify: verify } = await import('jose');
  return verify(token, keys, options);
};
