import type { IdTokenSigningAlgorithm } from '#schemas/application.ts';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { findLiveSecretHashes } from '../tenant/applications/store.ts';
import { matchesSecretHash } from '../secrets.ts';
import { clientMetadataOf } from './clients.ts';
import { findClientApplication, findClientWithResource, type ApplicationRow, type ResourceGrant } from './store.ts';

/**
 * What a request read with a client: the application, its live secrets' hashes and, for client credentials, the grant
 * of the resource it names.
 */
type ReadWithClient = { application: ApplicationRow; secretHashes: string[]; resource?: { indicator: string; grant: ResourceGrant | undefined } };

/**
 * Per request (its oidc-provider context), what was read with each client it looked up. Nothing outlives the request,
 * so a revoked secret, a deleted app or a changed role applies to the next request, in any process.
 */
const readWithRequest = new WeakMap<object, Map<string, ReadWithClient>>();

/** The one resource indicator a client-credentials request names, if it is one. */
const clientCredentialsResource = (ctx: KoaContextWithOIDC | undefined) => {
  const params = ctx?.oidc?.params;
  return params?.grant_type === 'client_credentials' && typeof params.resource === 'string' ? params.resource : undefined;
};

/**
 * The tenant's applications as the issuer's clients, read on every request (applications.md §10). A request reads the
 * application with the hashes of its live secrets in one statement, and a client-credentials request also the API
 * resource it names with the permissions the app's roles grant of it: its client authentication, its token and the
 * token's custom claims then use what was read, rather than reading again.
 */
export const createClientReader = (db: Db, tenantId: string, cookieKey: string, defaultAlg: IdTokenSigningAlgorithm) => {
  const readClient = async (id: string, indicator: string | undefined) => {
    if (!indicator) return findClientApplication(db, tenantId, id);
    const app = await findClientWithResource(db, tenantId, id, indicator);
    return app && { ...app, resource: { indicator, grant: app.resource ?? undefined } };
  };

  const findClient = async (id: string) => {
    const ctx = Provider.ctx as KoaContextWithOIDC | undefined;
    const app = await readClient(id, clientCredentialsResource(ctx));
    if (app && ctx) {
      const read = readWithRequest.get(ctx) ?? new Map<string, ReadWithClient>();
      readWithRequest.set(ctx, read.set(id, { application: app, secretHashes: app.secretHashes, resource: 'resource' in app ? app.resource : undefined }));
    }
    return app && clientMetadataOf(app, cookieKey, defaultAlg);
  };

  /** Whether `presented` is one of the client's unexpired secrets. */
  const isClientSecret = async (clientId: string, presented: string) => {
    const ctx = Provider.ctx;
    const hashes = (ctx && readWithRequest.get(ctx)?.get(clientId)?.secretHashes) ?? (await findLiveSecretHashes(db, tenantId, clientId));
    return matchesSecretHash(hashes, presented);
  };

  return { findClient, isClientSecret };
};

/** The grant of the resource of `indicator` to the client, when the request read it with the client (else undefined). */
export const resourceReadWithClient = (ctx: KoaContextWithOIDC, clientId: string, indicator: string) => {
  const resource = readWithRequest.get(ctx)?.get(clientId)?.resource;
  return resource?.indicator === indicator ? resource : undefined;
};

/** The application of the client, when the request read it with the client (else undefined). */
export const applicationReadWithClient = (ctx: KoaContextWithOIDC, clientId: string) => readWithRequest.get(ctx)?.get(clientId)?.application;
