import * as z from 'zod/mini';
import {
  connectorFactoryGuard,
  connectorResponseGuard,
  type ConnectorFactoryInfo,
  type ConnectorResponse,
  type CreateConnector,
  type PatchConnector,
  type TestConnector,
} from '#schemas/connector.ts';
import type { Requester } from '../client.ts';

/** A connector as the console reads it: the management API's answer, with what the sign-in experience uses it for. */
export type ConsoleConnector = ConnectorResponse;
export type { CreateConnector, PatchConnector };
/** A test send: to an e-mail address or a phone number, with the unsaved config (and a saved connector's id). */
export type ConnectorTest = TestConnector;

const connectorPath = (id: string) => `/api/connectors/${encodeURIComponent(id)}`;

/** A tenant's connectors and the factories they are made from, on its management API (connectors.md §5). */
export const createConnectorsApi = (tenant: (tenantId: string) => Requester) => ({
  listFactories: async (tenantId: string): Promise<ConnectorFactoryInfo[]> =>
    z.array(connectorFactoryGuard).parse(await tenant(tenantId).request('GET', '/api/connector-factories')),
  getFactory: async (tenantId: string, id: string): Promise<ConnectorFactoryInfo> =>
    connectorFactoryGuard.parse(await tenant(tenantId).request('GET', `/api/connector-factories/${encodeURIComponent(id)}`)),
  /** GET /connectors: all of them, not paged (the quota keeps the list small). */
  listConnectors: async (tenantId: string): Promise<ConsoleConnector[]> =>
    z.array(connectorResponseGuard).parse(await tenant(tenantId).request('GET', '/api/connectors')),
  getConnector: async (tenantId: string, id: string): Promise<ConsoleConnector> =>
    connectorResponseGuard.parse(await tenant(tenantId).request('GET', connectorPath(id))),
  /** POST /connectors: a new e-mail or SMS connector replaces the tenant's current one of its type. */
  createConnector: async (tenantId: string, body: CreateConnector): Promise<ConsoleConnector> =>
    connectorResponseGuard.parse(await tenant(tenantId).request('POST', '/api/connectors', { body })),
  updateConnector: async (tenantId: string, id: string, body: PatchConnector): Promise<ConsoleConnector> =>
    connectorResponseGuard.parse(await tenant(tenantId).request('PATCH', connectorPath(id), { body })),
  deleteConnector: async (tenantId: string, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', connectorPath(id));
  },
  /** POST /connectors/{factoryId}/test: sends the Generic template with code 000000 through the unsaved config. */
  testConnector: async (tenantId: string, factoryId: string, body: ConnectorTest): Promise<void> => {
    await tenant(tenantId).request('POST', `/api/connectors/${encodeURIComponent(factoryId)}/test`, { body });
  },
});
export type ConnectorsApi = ReturnType<typeof createConnectorsApi>;
