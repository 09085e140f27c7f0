import * as z from 'zod/mini';
import { connectorFactoryGuard, connectorGuard, type ConnectorFactoryInfo, type ConnectorMetadata } from '#schemas/connector.ts';
import type { Requester } from '../client.ts';

/**
 * A connector as the console reads it. `usedBy` names where the sign-in experience uses it (sign-in, sign-up, MFA,
 * a social button); absent, the connector is not known to be in use.
 */
export const consoleConnectorGuard = z.extend(connectorGuard, { usedBy: z.optional(z.array(z.string())) });
export type ConsoleConnector = z.infer<typeof consoleConnectorGuard>;

export type CreateConnector = {
  connectorId: string;
  id?: string;
  config?: Record<string, unknown>;
  metadata?: ConnectorMetadata;
  syncProfile?: boolean;
};
export type PatchConnector = Pick<CreateConnector, 'config' | 'metadata' | 'syncProfile'>;
/** A test send: to an e-mail address or a phone number, with the unsaved config. */
export type ConnectorTest = ({ email: string } | { phone: string }) & { config: Record<string, unknown>; locale?: string };

const connectorPath = (id: string) => `/api/connectors/${encodeURIComponent(id)}`;

/** A tenant's connectors and the factories they are made from, on its management API (connectors.md §5). */
export const createConnectorsApi = (tenant: (tenantId: string) => Requester) => ({
  listFactories: async (tenantId: string): Promise<ConnectorFactoryInfo[]> =>
    z.array(connectorFactoryGuard).parse(await tenant(tenantId).request('GET', '/api/connector-factories')),
  getFactory: async (tenantId: string, id: string): Promise<ConnectorFactoryInfo> =>
    connectorFactoryGuard.parse(await tenant(tenantId).request('GET', `/api/connector-factories/${encodeURIComponent(id)}`)),
  /** GET /connectors: all of them, not paged (the quota keeps the list small). */
  listConnectors: async (tenantId: string): Promise<ConsoleConnector[]> =>
    z.array(consoleConnectorGuard).parse(await tenant(tenantId).request('GET', '/api/connectors')),
  getConnector: async (tenantId: string, id: string): Promise<ConsoleConnector> =>
    consoleConnectorGuard.parse(await tenant(tenantId).request('GET', connectorPath(id))),
  /** POST /connectors: a new e-mail or SMS connector replaces the tenant's current one of its type. */
  createConnector: async (tenantId: string, body: CreateConnector): Promise<ConsoleConnector> =>
    consoleConnectorGuard.parse(await tenant(tenantId).request('POST', '/api/connectors', { body })),
  updateConnector: async (tenantId: string, id: string, body: PatchConnector): Promise<ConsoleConnector> =>
    consoleConnectorGuard.parse(await tenant(tenantId).request('PATCH', connectorPath(id), { body })),
  deleteConnector: async (tenantId: string, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', connectorPath(id));
  },
  /** POST /connectors/{factoryId}/test: sends the Generic template with code 000000 through the unsaved config. */
  testConnector: async (tenantId: string, factoryId: string, body: ConnectorTest): Promise<void> => {
    await tenant(tenantId).request('POST', `/api/connectors/${encodeURIComponent(factoryId)}/test`, { body });
  },
});
export type ConnectorsApi = ReturnType<typeof createConnectorsApi>;
