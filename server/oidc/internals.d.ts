/** oidc-provider's built-in refresh_token grant, wrapped by server/oidc/refresh-grant.ts. */
declare module 'oidc-provider/lib/actions/grants/refresh_token.js' {
  import type { KoaContextWithOIDC, Provider } from 'oidc-provider';

  export const handler: (provider: Provider, helpers: Record<string, unknown>, ctx: KoaContextWithOIDC) => Promise<void>;
  export const parameters: Set<string>;
}

/** Helpers oidc-provider binds to the provider before handing them to a grant handler. */
declare module 'oidc-provider/lib/helpers/grants.js' {
  type Helper = (...args: never[]) => unknown;
  export const applyAuthorizationDetails: Helper;
  export const buildTokenResponse: Helper;
  export const checkDpopReplay: Helper;
  export const checkDpopRequired: Helper;
  export const validateDpop: Helper;
  export const validateGrant: Helper;
}
