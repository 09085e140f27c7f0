import {
  confidentialApplicationTypes,
  isPublicApplication,
  refusedRedirectUri,
  thirdPartyApplicationTypes,
  type ApplicationType,
  type CreateApplication,
  type PatchApplication,
} from '#schemas/application.ts';
import type { Db } from '#server/db/client.ts';
import { fieldRefused, ok, type FieldRefusal, type Result } from '#server/result.ts';
import { found, notExists, uniqueOr, type NotExists } from '../refusals.ts';
import * as store from './store.ts';

/** An application's rules: what its type allows (third party, secrets, roles, redirect URIs, PKCE) and its secrets' names. */

export type ApplicationRefusal =
  | NotExists
  | FieldRefusal
  | { reason: 'application.invalid_third_party_application_type' | 'application.secrets_not_supported' | 'application.secret_name_exists' }
  | { reason: 'application.invalid_type' | 'application.sign_in_experience_not_found' };

const refused = <Reason extends ApplicationRefusal['reason']>(reason: Reason) => ({ ok: false, reason }) as const;

/** Traditional web and machine-to-machine apps authenticate with secrets. */
export const hasSecrets = (type: ApplicationType) => (confidentialApplicationTypes as readonly ApplicationType[]).includes(type);

/** The application; with `secrets` or `roles`, refused unless its type has them. */
export const applicationOf = async (db: Db, tenantId: string, id: string, { has }: { has?: 'secrets' | 'roles' } = {}) => {
  const application = await store.findApplication(db, tenantId, id);
  if (!application) return notExists(id);
  if (has === 'secrets' && !hasSecrets(application.type)) return refused('application.secrets_not_supported');
  if (has === 'roles' && application.type !== 'MachineToMachine') return refused('application.invalid_type');
  return ok(application);
};

/** A third-party application is one users sign in to: native, single-page or traditional web. */
export const thirdPartyFits = ({ type, isThirdParty }: Pick<CreateApplication, 'type' | 'isThirdParty'>) =>
  isThirdParty && !(thirdPartyApplicationTypes as readonly ApplicationType[]).includes(type)
    ? refused('application.invalid_third_party_application_type')
    : ok(undefined);

/** Only redirect URIs the issuer takes from an app of its type (a machine-to-machine app has none). A public app always uses PKCE. */
export const metadataFits = (type: ApplicationType, { oidcClientMetadata: oidc, customClientMetadata: custom }: PatchApplication): Result<void, FieldRefusal> => {
  const refusedUri = refusedRedirectUri(type, oidc);
  if (refusedUri) return fieldRefused(refusedUri.path, refusedUri.message);
  if (custom?.requirePkce === false && isPublicApplication(type)) return fieldRefused('customClientMetadata.requirePkce', 'A public application always uses PKCE.');
  return ok(undefined);
};

/** When a new secret expires: never, or in the future. */
export const secretExpiryOf = (expiresAt: string | null | undefined, now = Date.now()): Result<Date | null, FieldRefusal> => {
  const expiry = expiresAt ? new Date(expiresAt) : null;
  return expiry && expiry.getTime() <= now ? fieldRefused('expiresAt', 'Must be in the future.') : ok(expiry);
};

const secretNameExists = refused('application.secret_name_exists');
const secretNames = 'application_secrets_tenant_id_application_id_name_pk';

/** The secret created, refused when the application has one of its name. */
export const createSecret = (db: Db, tenantId: string, applicationId: string, secret: { name: string; expiresAt: Date | null }) =>
  uniqueOr(store.insertSecret(db, tenantId, applicationId, secret), secretNames, secretNameExists);

/** The secret renamed, refused when the application has none of `name` or one of `newName`. */
export const renameSecret = async (db: Db, tenantId: string, applicationId: string, name: string, newName: string) => {
  const renamed = await uniqueOr(store.renameSecret(db, tenantId, applicationId, name, newName), secretNames, secretNameExists);
  return renamed.ok ? found(renamed.value, name) : renamed;
};

/** The application's own sign-in experience, refused when it has none. */
export const signInExperienceOf = async (db: Db, tenantId: string, applicationId: string) => {
  const experience = await store.findSignInExperience(db, tenantId, applicationId);
  return experience ? ok(experience) : refused('application.sign_in_experience_not_found');
};
