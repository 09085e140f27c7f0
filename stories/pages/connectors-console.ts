import type { Meta } from '@storybook/react-vite';
import type { ConnectorFactoryInfo } from '#schemas/connector.ts';
import type { AdminPreferences } from '#schemas/preferences.ts';
import type { ApiClient } from '#src/api/client.ts';
import { ApiError } from '#src/api/errors.ts';
import { createConnectorsApi, type ConsoleConnector } from '#src/api/management/connectors.ts';
import { demoSocialFactory, devMailboxFactory, githubFactory, oidcFactory, sampleConnector, sampleFactories } from '#tests/support/connector-samples.ts';
import { answer, byId, quotaExceeded, renderConsole, tenantEndpoint, type Answer } from '../support/fake-api.ts';

export const mailbox = sampleConnector('mailbox1', devMailboxFactory, { config: { senderName: 'Acme' } });
export const github = sampleConnector('github1', githubFactory, { usedBy: ['socialSignIn'] });
export const demo = sampleConnector('demo1', demoSocialFactory);
export const tenantB = sampleConnector('tenantb1', oidcFactory, {
  target: 'tenant-b',
  metadata: { target: 'tenant-b', name: { en: 'Tenant B' } },
  config: { issuer: 'http://localhost:3001/t/b/oidc', clientId: 'abc', clientSecret: null },
});

/** What POST /connectors/{factoryId}/test answers: sent, or a refusal with the provider's message and a hint. */
export type TestAnswer = 'sent' | 'loading' | { code: string; message: string; details?: unknown };

export type Args = {
  path: string;
  connectors: Answer<ConsoleConnector[]>;
  factories: Answer<ConnectorFactoryInfo[]>;
  test?: TestAnswer;
  /** POST /connectors answers the free plan's quota error. */
  quotaExceeded?: boolean;
  /** POST /connectors answers a target clash with this connector's name. */
  targetClash?: string;
  preferences?: Partial<AdminPreferences>;
};

const fakeConnectors = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  connectors: {
    ...createConnectorsApi(client.tenant),
    listFactories: async () => answer(args.factories),
    getFactory: async (_tenantId, id) => byId(args.factories, id),
    listConnectors: async () => answer(args.connectors),
    getConnector: async (_tenantId, id) => byId(args.connectors, id),
    createConnector: async (_tenantId, body) => {
      if (args.quotaExceeded) throw quotaExceeded({ socialConnectorsLimit: 3 });
      if (args.targetClash) {
        const message = 'The target is already used by another connector of this platform.';
        throw new ApiError(message, 422, { code: 'connector.multiple_target_with_same_platform', message, details: { connectorName: args.targetClash } });
      }
      const factory = await byId(args.factories, body.connectorId);
      return sampleConnector(body.id ?? 'new1', factory, { config: body.config ?? {}, metadata: body.metadata ?? {} });
    },
    updateConnector: async (_tenantId, id, body) => ({ ...(await byId(args.connectors, id)), ...body, config: body.config ?? {}, metadata: body.metadata ?? {} }),
    deleteConnector: async () => {},
    testConnector: async () => {
      const result = args.test ?? 'sent';
      if (result === 'loading') return new Promise<never>(() => {});
      if (result !== 'sent') throw new ApiError(result.message, 400, result);
    },
  },
  ...tenantEndpoint(client),
});

/** Connectors inside the real console routes, with the management API faked per story. */
export const connectorsMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeConnectors(args), { preferences: args.preferences }),
  args: { path: '/acme/connectors/passwordless', connectors: [mailbox, github, tenantB], factories: sampleFactories },
};
