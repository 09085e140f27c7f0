import { createHmac } from 'node:crypto';
import type { AdapterPayload, Client } from 'oidc-provider';
import {
  customClientMetadataGuard,
  defaultIdTokenSigningAlgorithm,
  defaultIdTokenTtl,
  defaultRequirePkce,
  defaultRefreshTokenTtlInDays,
  oidcClientMetadataGuard,
  type CustomClientMetadata,
  type IdTokenSigningAlgorithm,
} from '#schemas/application.ts';
import type { ApplicationRow } from './store.ts';

/** The application settings a client carries beside the OIDC metadata, read back by the issuer's policies below. */
export const extraClientProperties = [
  'corsAllowedOrigins',
  'idTokenTtl',
  'refreshTokenTtlInDays',
  'rotateRefreshToken',
  'alwaysIssueRefreshToken',
  'requirePkce',
  'isThirdParty',
] as const;
type Extra = CustomClientMetadata & { isThirdParty?: boolean };

/** The application settings of a client, with the defaults of spec 02 §9. */
export const settingsOf = (client: Client) => {
  const extra = client as unknown as Extra;
  return {
    corsAllowedOrigins: extra.corsAllowedOrigins ?? [],
    idTokenTtl: extra.idTokenTtl ?? defaultIdTokenTtl,
    refreshTokenTtlInDays: extra.refreshTokenTtlInDays ?? defaultRefreshTokenTtlInDays,
    rotateRefreshToken: extra.rotateRefreshToken ?? true,
    alwaysIssueRefreshToken: extra.alwaysIssueRefreshToken ?? false,
    requirePkce: extra.requirePkce ?? defaultRequirePkce,
    isThirdParty: extra.isThirdParty ?? false,
  };
};

const userFacingGrants = { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] };

/**
 * The client secret oidc-provider holds for a confidential application. It is never compared with what a client
 * presents (the provider's compareClientSecret checks the application's stored secrets instead), so it only needs to be
 * stable and unguessable: an HMAC of the application id with the tenant's cookie key.
 */
const internalSecret = (key: string, applicationId: string) => createHmac('sha256', key).update(applicationId).digest('base64url');

/**
 * An application as oidc-provider's client metadata (applications.md §10), read from its row on every request so that a
 * change applies to the next one. Protected and SAML apps are not OIDC clients of the issuer (yet): none.
 */
export const clientMetadataOf = (app: ApplicationRow, secretKey: string, defaultAlg: IdTokenSigningAlgorithm = defaultIdTokenSigningAlgorithm): AdapterPayload | undefined => {
  const oidc = oidcClientMetadataGuard.safeParse(app.oidcClientMetadata);
  const custom = customClientMetadataGuard.safeParse(app.customClientMetadata);
  const uris = {
    redirect_uris: oidc.success ? oidc.data.redirectUris : [],
    post_logout_redirect_uris: oidc.success ? oidc.data.postLogoutRedirectUris : [],
  };
  const common = {
    client_id: app.id,
    client_name: app.name,
    // An app that chose no algorithm follows the tenant's primary signing key (tenant/signing-keys/model.ts).
    id_token_signed_response_alg: (oidc.success && oidc.data.idTokenSignedResponseAlg) || defaultAlg,
    ...(custom.success ? custom.data : {}),
    isThirdParty: app.isThirdParty,
  };
  const confidential = { token_endpoint_auth_method: 'client_secret_basic', client_secret: internalSecret(secretKey, app.id) };
  const byType: Partial<Record<ApplicationRow['type'], Record<string, unknown>>> = {
    Native: { ...uris, ...userFacingGrants, application_type: 'native', token_endpoint_auth_method: 'none' },
    SPA: { ...uris, ...userFacingGrants, application_type: 'web', token_endpoint_auth_method: 'none' },
    Traditional: { ...uris, ...userFacingGrants, ...confidential, application_type: 'web' },
    MachineToMachine: { ...confidential, application_type: 'web', grant_types: ['client_credentials'], response_types: [], redirect_uris: [] },
  };
  const metadata = byType[app.type];
  return metadata && ({ ...common, ...metadata } as AdapterPayload);
};

/** PKCE (RFC 7636) for an authorization request: always for a public client, as the app's setting says for a confidential one. */
export const requiresPkce = (client: Client) => client.clientAuthMethod === 'none' || settingsOf(client).requirePkce;

/** CORS for a client's browser calls (token, userinfo, …): its allowed origins and the origins of its redirect URIs. */
export const isAllowedOrigin = (client: Client, origin: string) =>
  settingsOf(client).corsAllowedOrigins.includes(origin) ||
  (client.redirectUris ?? []).some((uri) => URL.canParse(uri) && new URL(uri).origin === origin);
