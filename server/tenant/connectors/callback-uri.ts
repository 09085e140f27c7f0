import { connectorCallbackUri } from '#schemas/connector-callback.ts';
import { tenantBasePath } from '../../tenant-runtime/issuer.ts';

/**
 * Where a social or SSO provider sends the user back to the tenant (connectors.md §7). The console shows this and the
 * sign-in pages send it, from this one function, so the two never differ.
 */
export const socialCallbackUri = (publicUrl: string, tenantId: string, connectorId: string) =>
  connectorCallbackUri(`${publicUrl}${tenantBasePath(tenantId)}`, connectorId);
