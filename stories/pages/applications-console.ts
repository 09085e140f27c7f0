import type { Meta } from '@storybook/react-vite';
import { within } from 'storybook/test';
import type { ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { Application, ApplicationSecret } from '#schemas/application.ts';
import type { Role } from '#schemas/role.ts';
import type { UserConsentScopes } from '#schemas/user-consent.ts';
import type { ApiClient } from '#src/api/client.ts';
import { createApplicationRolesApi } from '#src/api/management/application-roles.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createResourcesApi, type ResourceWithScopes } from '#src/api/management/resources.ts';
import { sampleApplication, sampleRole, sampleSecret } from '#tests/support/application-samples.ts';
import { sampleResource, sampleScope } from '#tests/support/resource-samples.ts';
import { answer, byId, pageOf, quotaExceeded, renderConsole, tenantEndpoint, type Answer } from '../support/fake-api.ts';

export const spa = sampleApplication('spa1', {
  name: 'Storefront',
  type: 'SPA',
  oidcClientMetadata: { redirectUris: ['https://shop.example.test/callback'], postLogoutRedirectUris: ['https://shop.example.test'] },
});
const web = sampleApplication('web1', { name: 'Back office', type: 'Traditional' });
const native = sampleApplication('native1', { name: 'Mobile', type: 'Native' });
const m2m = sampleApplication('m2m1', { name: 'Billing job', type: 'MachineToMachine' });
const partner = sampleApplication('partner1', { name: 'Partner portal', type: 'Traditional', isThirdParty: true });
const orders = sampleResource('orders', { name: 'Orders API' });
const readOrders = sampleScope('orders', 'read:orders', 'Read your orders');
const writeOrders = sampleScope('orders', 'write:orders', 'Place orders');

export type Args = {
  path: string;
  applications: Answer<Application[]>;
  secrets: Answer<ApplicationSecret[]>;
  roles: Answer<Role[]>;
  assignable: Role[];
  /** The app's own sign-in experience; null for none (GET answers 404). */
  signInExperience: Answer<ApplicationSignInExperience | null>;
  /** The third-party app's enabled permissions (GET …/user-consent-scopes). */
  consentScopes: Answer<UserConsentScopes>;
  resources: ResourceWithScopes[];
  /** POST /applications answers the free plan's quota error. */
  quotaExceeded?: boolean;
};

const fakeApplications = (args: Args) => (client: ApiClient): Partial<ApiClient> => {
  // Apps as this story's PATCHes left them.
  const updated = new Map<string, Application>();
  return {
    applications: {
      ...createApplicationsApi(client.tenant),
      updateApplication: async (_tenantId, id, patch) => {
        const application = { ...(updated.get(id) ?? (await byId(args.applications, id))), ...patch } as Application;
        updated.set(id, application);
        return application;
      },
      listApplications: async (_tenantId, { isThirdParty, type }) => {
        const items = (await answer(args.applications)).filter((application) => application.isThirdParty === isThirdParty && (!type || application.type === type));
        return { items, total: items.length };
      },
      getApplication: async (_tenantId, id) => updated.get(id) ?? byId(args.applications, id),
      createApplication: async (_tenantId, body) => {
        if (args.quotaExceeded) throw quotaExceeded({ applicationsLimit: 3 });
        const created = sampleApplication('new1', { ...body, description: body.description ?? null, isThirdParty: body.isThirdParty ?? false });
        const confidential = body.type === 'Traditional' || body.type === 'MachineToMachine';
        return { ...created, secrets: confidential ? [{ ...sampleSecret('Default secret', { valueHint: 'Z9x8' }), value: 'gh-secret-value-Z9x8' }] : undefined };
      },
      listSecrets: async () => answer(args.secrets),
      getSignInExperience: async () => answer(args.signInExperience),
      putSignInExperience: async (_tenantId, _id, body) => body,
      createSecret: async (_tenantId, _id, body) => ({ ...sampleSecret(body.name, { expiresAt: body.expiresAt ?? null, valueHint: 'Q1w2' }), value: 'gh-new-secret-Q1w2' }),
      getUserConsentScopes: async () => answer(args.consentScopes),
      addUserConsentScopes: async () => {},
    },
    resources: { ...createResourcesApi(client.tenant), listResourcesWithScopes: async () => pageOf(args.resources) },
    applicationRoles: {
      ...createApplicationRolesApi(client.tenant),
      listApplicationRoles: async () => pageOf(args.roles),
      listAssignableRoles: async () => pageOf(args.assignable),
    },
    ...tenantEndpoint(client),
  };
};

/** Applications inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
export const applicationsMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeApplications(args)),
  args: {
    path: '/acme/applications',
    applications: [spa, web, native, m2m, partner],
    secrets: [sampleSecret('Default secret'), sampleSecret('rotated', { valueHint: 'wxyz', expiresAt: '2099-01-01T00:00:00.000Z' }), sampleSecret('old', { valueHint: 'oldd', expiresAt: '2020-01-01T00:00:00.000Z' })],
    roles: [sampleRole('r1', { name: 'billing:reader', description: 'Reads invoices' })],
    signInExperience: null,
    consentScopes: { userScopes: ['email'], resourceScopes: [{ resource: orders, scopes: [readOrders] }] },
    resources: [{ ...orders, scopes: [readOrders, writeOrders] }],
    assignable: [sampleRole('r2', { name: 'billing:writer', description: 'Writes invoices' }), sampleRole('r3', { name: 'orders:reader', description: 'Reads orders' })],
  },
};

/** The detail page's tabs. */
export const tabs = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('navigation', { name: 'Application tabs' }));
