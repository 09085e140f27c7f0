import { foreignKey, index, primaryKey, text } from 'drizzle-orm/pg-core';
import type { UserConsentScope } from '#schemas/user-consent.ts';
import { createdAt } from '../schema.ts';
import { applications } from './applications.ts';
import { scopes } from './resources.ts';
import { idp, tenantId } from './schema.ts';

/**
 * The user scopes enabled for a third-party application's consent. Its constraints are named: the names drizzle makes
 * of these long table names pass PostgreSQL's 63 characters and collide.
 */
export const applicationUserConsentUserScopes = idp.table(
  'application_user_consent_user_scopes',
  { tenantId: tenantId(), applicationId: text('application_id').notNull(), userScope: text('user_scope').$type<UserConsentScope>().notNull(), createdAt: createdAt() },
  (table) => [
    primaryKey({ name: 'application_user_consent_user_scopes_pk', columns: [table.tenantId, table.applicationId, table.userScope] }),
    foreignKey({
      name: 'application_user_consent_user_scopes_application_fk',
      columns: [table.tenantId, table.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
  ],
);

/** The API resource permissions enabled for a third-party application's consent. */
export const applicationUserConsentResourceScopes = idp.table(
  'application_user_consent_resource_scopes',
  { tenantId: tenantId(), applicationId: text('application_id').notNull(), scopeId: text('scope_id').notNull(), createdAt: createdAt() },
  (table) => [
    primaryKey({ name: 'application_user_consent_resource_scopes_pk', columns: [table.tenantId, table.applicationId, table.scopeId] }),
    foreignKey({
      name: 'application_user_consent_resource_scopes_application_fk',
      columns: [table.tenantId, table.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'application_user_consent_resource_scopes_scope_fk', columns: [table.tenantId, table.scopeId], foreignColumns: [scopes.tenantId, scopes.id] }).onDelete('cascade'),
    index('application_user_consent_resource_scopes_tenant_id_scope_id').on(table.tenantId, table.scopeId),
  ],
);
