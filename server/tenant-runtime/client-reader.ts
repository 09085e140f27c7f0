import Provider from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { findLiveSecretHashes } from '../management/applications/store.ts';
import { matchesSecretHash } from '../secrets.ts';
import { clientMetadataOf } from './clients.ts';
import { findClientApplication } from './store.ts';

/**
 * The tenant's applications as the issuer's clients, read on every request (applications.md §10). A request reads the
 * application and the hashes of its live secrets in one statement; its client authentication then checks the
 * presented secret against those hashes instead of reading them again. The hashes are kept on the request's context
 * only (oidc-provider's `Provider.ctx`), so a revoked secret or a deleted app fails the next request, in any process.
 */
export const createClientReader = (db: Db, tenantId: string, cookieKey: string) => {
  const readWithRequest = new WeakMap<object, Map<string, string[]>>();

  const findClient = async (id: string) => {
    const app = await findClientApplication(db, tenantId, id);
    const ctx = Provider.ctx;
    if (app && ctx) {
      const read = readWithRequest.get(ctx) ?? new Map<string, string[]>();
      readWithRequest.set(ctx, read.set(id, app.secretHashes));
    }
    return app && clientMetadataOf(app, cookieKey);
  };

  /** Whether `presented` is one of the client's unexpired secrets. */
  const isClientSecret = async (clientId: string, presented: string) => {
    const ctx = Provider.ctx;
    const hashes = (ctx && readWithRequest.get(ctx)?.get(clientId)) ?? (await findLiveSecretHashes(db, tenantId, clientId));
    return matchesSecretHash(hashes, presented);
  };

  return { findClient, isClientSecret };
};
