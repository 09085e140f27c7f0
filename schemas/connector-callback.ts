/**
 * The path of a connector's callback under its tenant's base URL (`{PUBLIC_URL}/t/{tenantId}`). The server's
 * `socialCallbackUri` and the console's guide (before the connector exists) both build the URI with it.
 */
export const connectorCallbackUri = (tenantBaseUrl: string, connectorId: string) =>
  `${tenantBaseUrl.replace(/\/$/, '')}/callback/${encodeURIComponent(connectorId)}`;
