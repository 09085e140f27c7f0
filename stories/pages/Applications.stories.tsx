import { createResourcesApi } from '#src/api/management/resources.ts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { Application, ApplicationSecret } from '#schemas/application.ts';
import type { Role } from '#schemas/role.ts';
import type { UserConsentScopes } from '#schemas/user-consent.ts';
import type { ResourceWithScopes } from '#src/api/management/resources.ts';
import type { Edition } from '#schemas/config.ts';
import { ApiError } from '#src/api/errors.ts';
import type { ApiClient, Page } from '#src/api/client.ts';
import { createApplicationRolesApi } from '#src/api/management/application-roles.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createTestConsole } from '#tests/support/console.tsx';
import { sampleTenant } from '#tests/support/samples.ts';
import { sampleApplication, sampleRole, sampleSecret } from '#tests/support/application-samples.ts';
import { sampleResource, sampleScope } from '#tests/support/resource-samples.ts';

const spa = sampleApplication('spa1', {
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

/** How the fake management API answers: a list, never (loading), or a failure. */
type Answer<T> = T | 'loading' | 'error';
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

const never = () => new Promise<never>(() => {});
const answer = async <T,>(value: Answer<T[]>): Promise<Page<T>> => {
  if (value === 'loading') return never();
  if (value === 'error') throw internalError();
  return { items: value, total: value.length };
};
const internalError = () => new ApiError('Internal server error', 500, { code: 'unknown', message: 'Internal server error' });
const notFound = () => new ApiError('not found', 404, { code: 'entity.not_exists_with_id', message: 'The entity does not exist.' });

const fakeApplications = (args: Args) => (client: ApiClient): Partial<ApiClient> => {
  // Apps as this story's PATCHes left them.
  const updated = new Map<string, Application>();
  return {
    applications: {
      ...createApplicationsApi(client.tenant),
      updateApplication: async (_tenantId, id, patch) => {
        const found = (await answer(args.applications)).items.find((application) => application.id === id);
        if (!found) throw notFound();
        const application = { ...(updated.get(id) ?? found), ...patch } as Application;
        updated.set(id, application);
        return application;
      },
      listApplications: async (_tenantId, { isThirdParty, type }) => {
        const page = await answer(args.applications);
        const items = page.items.filter((application) => application.isThirdParty === isThirdParty && (!type || application.type === type));
        return { items, total: items.length };
      },
      getApplication: async (_tenantId, id) => {
        const found = updated.get(id) ?? (await answer(args.applications)).items.find((application) => application.id === id);
        if (!found) throw notFound();
        return found;
      },
      createApplication: async (_tenantId, body) => {
        if (args.quotaExceeded) throw new ApiError('Status exception: Exceeded quota limit. {"applicationsLimit":3}', 403, { code: 'subscription.quota_exceeded', message: 'Status exception: Exceeded quota limit. {"applicationsLimit":3}' });
        const created = sampleApplication('new1', { ...body, description: body.description ?? null, isThirdParty: body.isThirdParty ?? false });
        const confidential = body.type === 'Traditional' || body.type === 'MachineToMachine';
        return { ...created, secrets: confidential ? [{ ...sampleSecret('Default secret', { valueHint: 'Z9x8' }), value: 'gh-secret-value-Z9x8' }] : undefined };
      },
      listSecrets: async () => (await answer(args.secrets)).items,
      getSignInExperience: async () => {
        const value = args.signInExperience;
        return value === 'loading' || value === 'error' ? (await answer<ApplicationSignInExperience>(value)).items[0]! : value;
      },
      putSignInExperience: async (_tenantId, _id, body) => body,
      createSecret: async (_tenantId, _id, body) => ({ ...sampleSecret(body.name, { expiresAt: body.expiresAt ?? null, valueHint: 'Q1w2' }), value: 'gh-new-secret-Q1w2' }),
      getUserConsentScopes: async () => {
        if (args.consentScopes === 'loading') return never();
        if (args.consentScopes === 'error') throw internalError();
        return args.consentScopes;
      },
      addUserConsentScopes: async () => {},
    },
    resources: { ...createResourcesApi(client.tenant), listResourcesWithScopes: async () => answer(args.resources) },
    applicationRoles: {
      ...createApplicationRolesApi(client.tenant),
      listApplicationRoles: async () => answer(args.roles),
      listAssignableRoles: async () => answer(args.assignable),
    },
    tenants: { ...client.tenants, getTenantEndpoint: async (tenantId) => ({ user: `http://localhost:3001/t/${tenantId}` }) },
  };
};

const editionOf = (value: unknown): Edition => (value === 'self-hosted' ? 'self-hosted' : 'cloud');

/** Applications inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
const meta: Meta<Args> = {
  title: 'Pages/Applications',
  render: (args, { globals }) =>
    createTestConsole(args.path, {
      edition: editionOf(globals.edition),
      tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
      roles: ['acme:admin'],
      api: fakeApplications(args),
    }).element,
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

export default meta;
type Story = StoryObj<Args>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const tabs = (canvas: ReturnType<typeof within>) => within(canvas.getByRole('navigation', { name: 'Application tabs' }));

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Applications' });
    await expect(within(table).getByRole('link', { name: /Storefront/ })).toBeVisible();
    await expect(within(table).getByText('Machine-to-machine')).toBeVisible();
    await expect(within(table).queryByText('Partner portal')).toBeNull();
    await expect(within(table).getAllByRole('button', { name: 'Copy App ID' })).toHaveLength(4);
    await expect(canvas.getByRole('link', { name: 'My applications' })).toHaveAttribute('aria-current', 'page');
  },
};

export const ListFilteredByType: Story = {
  args: { path: '/acme/applications?type=MachineToMachine' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Applications' });
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(canvas.getByRole('combobox', { name: 'Type' })).toHaveValue('MachineToMachine');
  },
};

export const ListLoading: Story = {
  args: { applications: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Applications', busy: true })).toBeVisible();
  },
};

export const ListEmpty: Story = {
  args: { applications: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No applications yet/)).toBeVisible();
  },
};

export const ListEmptySearch: Story = {
  args: { path: '/acme/applications?q=nothing', applications: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No application matches this search.')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search by name, ID or description' })).toHaveValue('nothing');
  },
};

export const ListError: Story = {
  args: { applications: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const ThirdParty: Story = {
  args: { path: '/acme/applications/third-party-applications' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Third-party applications' });
    await expect(within(table).getByRole('link', { name: /Partner portal/ })).toBeVisible();
    await expect(within(table).getByText('Third-party')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Create third-party app' })).toBeVisible();
  },
};

export const ThirdPartyEmpty: Story = {
  args: { path: '/acme/applications/third-party-applications', applications: [spa] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No third-party apps yet/)).toBeVisible();
  },
};

export const CreateGuideLibrary: Story = {
  args: { path: '/acme/applications/create' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create application' });
    await expect(within(dialog).getByRole('button', { name: /React Native/ })).toBeVisible();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Filter guides' }), 'express');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /React Native/ })).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: /Express/ }));
    await expect(await within(dialog).findByText('Traditional web app')).toBeVisible();
    await expect(within(dialog).queryByRole('radiogroup')).toBeNull();
  },
};

export const CreateTypePicker: Story = {
  args: { path: '/acme/applications/create' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create application' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue without a framework' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create application' }));
    await expect(await within(dialog).findByText('Choose the type of app.')).toBeVisible();
    await expect(within(dialog).getByText('Enter a name of 1 to 256 characters.')).toBeVisible();
    await expect(within(dialog).getAllByRole('radio')).toHaveLength(4);
  },
};

export const CreateQuotaExceeded: Story = {
  args: { path: '/acme/applications/create?guide=spa-react', quotaExceeded: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create application' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Application name' }), 'Storefront');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create application' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Free plan's limit is reached for: Applications/);
  },
};

export const CreateMachineToMachineSecretOnce: Story = {
  args: { path: '/acme/applications/create?guide=m2m' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create application' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Application name' }), 'Billing job');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create application' }));
    const secret = await body(canvasElement).findByRole('dialog', { name: 'App secret' });
    await expect(within(secret).getByText('gh-secret-value-Z9x8')).toBeVisible();
    await expect(within(secret).getByText(/You will not see it again/)).toBeVisible();
    await expect(within(secret).getByRole('button', { name: 'Copy code: Secret Default secret' })).toBeVisible();
  },
};

export const CreateThirdParty: Story = {
  args: { path: '/acme/applications/create?thirdParty=true' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create third-party app' });
    await expect(within(dialog).getAllByRole('radio')).toHaveLength(3);
    await expect(within(dialog).queryByRole('radio', { name: /Machine-to-machine/ })).toBeNull();
  },
};

export const SettingsSinglePageApp: Story = {
  args: { path: '/acme/applications/spa1/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Redirect URIs 1' })).toHaveValue('https://shop.example.test/callback');
    await expect(canvas.getByRole('switch', { name: /Always issue a refresh token/ })).not.toBeChecked();
    await expect(await canvas.findByText('http://localhost:3001/t/acme/oidc')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'App secrets' })).toBeNull();
    await expect(tabs(canvas).getByRole('link', { name: 'Branding' })).toBeVisible();
    await expect(tabs(canvas).queryByRole('link', { name: 'Roles' })).toBeNull();
  },
};

export const SettingsInvalidUri: Story = {
  args: { path: '/acme/applications/spa1/settings' },
  play: async ({ canvas }) => {
    const fieldset = await canvas.findByRole('group', { name: 'Post sign-out redirect URIs' });
    await userEvent.click(within(fieldset).getByRole('button', { name: 'Add' }));
    await userEvent.type(within(fieldset).getByRole('textbox', { name: 'Post sign-out redirect URIs 2' }), 'not a uri');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }));
    await expect(await within(fieldset).findByText(/Enter an http\(s\) URL without a fragment\. A native app may also use a custom scheme/)).toBeVisible();
  },
};

export const SettingsTraditionalSecrets: Story = {
  args: { path: '/acme/applications/web1/settings' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'App secrets' });
    await expect(await within(table).findByText('••••abcd')).toBeVisible();
    await expect(within(table).getByText('Expired')).toBeVisible();
    await expect(within(table).getByText('Never')).toBeVisible();
    await expect(within(table).queryByRole('button', { name: 'Rename old' })).toBeNull();
    await expect(canvas.getByRole('switch', { name: /Always issue a refresh token/ })).not.toBeChecked();
  },
};

export const SettingsNative: Story = {
  args: { path: '/acme/applications/native1/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('switch', { name: /Rotate refresh tokens/ })).toBeChecked();
    await expect(canvas.queryByRole('switch', { name: /Always issue a refresh token/ })).toBeNull();
  },
};

export const SettingsMachineToMachine: Story = {
  args: { path: '/acme/applications/m2m1/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'App secrets' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Redirect URIs' })).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: /Backchannel logout URI/ })).toBeNull();
    await expect(tabs(canvas).getByRole('link', { name: 'Roles' })).toBeVisible();
    await expect(tabs(canvas).queryByRole('link', { name: 'Branding' })).toBeNull();
  },
};

export const SecretCreatedOnce: Story = {
  args: { path: '/acme/applications/m2m1/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Create secret' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create secret' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Secret name' }), 'rotation');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Expires/ }), '30');
    await expect(within(dialog).getByText(/The secret expires on/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create secret' }));
    const secret = await body(canvasElement).findByRole('dialog', { name: 'App secret' });
    await expect(within(secret).getByText('gh-new-secret-Q1w2')).toBeVisible();
  },
};

export const Roles: Story = {
  args: { path: '/acme/applications/m2m1/roles' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Roles' });
    await expect(await within(table).findByText('billing:reader')).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Remove billing:reader' })).toBeVisible();
  },
};

export const RolesEmpty: Story = {
  args: { path: '/acme/applications/m2m1/roles', roles: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No roles yet/)).toBeVisible();
  },
};

export const RolesAssign: Story = {
  args: { path: '/acme/applications/m2m1/roles' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign roles' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Assign roles' });
    const assign = within(dialog).getByRole('button', { name: 'Assign roles' });
    await expect(assign).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /billing:writer/ }));
    await expect(assign).toBeEnabled();
  },
};

/** No experience of its own: the switch is off and no field shows. */
export const Branding: Story = {
  args: { path: '/acme/applications/spa1/branding' },
  play: async ({ canvas }) => {
    const toggle = await canvas.findByRole('switch', { name: /App-level sign-in experience/ });
    await expect(toggle).not.toBeChecked();
    await expect(canvas.queryByRole('textbox', { name: /Logo URL/ })).toBeNull();
    await userEvent.click(toggle);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Logo URL/ }), 'https://shop.example.test/logo.svg');
    await expect(await canvas.findByRole('region', { name: 'Unsaved changes' })).toBeVisible();
  },
};

export const BrandingOn: Story = {
  args: {
    path: '/acme/applications/spa1/branding',
    signInExperience: {
      color: { primaryColor: '#0a7f5c', darkPrimaryColor: '#33cc99' },
      branding: { logoUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', darkLogoUrl: null },
      displayName: 'Storefront',
      termsOfUseUrl: 'https://shop.example.test/terms',
      privacyPolicyUrl: null,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('switch', { name: /App-level sign-in experience/ })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Brand colour' })).toHaveValue('#0a7f5c');
    await expect(canvas.getByRole('textbox', { name: 'Display name' })).toHaveValue('Storefront');
    await expect(canvas.getByRole('textbox', { name: 'Terms of use URL' })).toHaveValue('https://shop.example.test/terms');
    await expect(canvas.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
  },
};

export const BrandingInvalid: Story = {
  args: { path: '/acme/applications/spa1/branding' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('switch', { name: /App-level sign-in experience/ }));
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Brand colour' }), 'purple');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Privacy policy URL' }), 'ftp://shop.example.test/privacy');
    await userEvent.click(await canvas.findByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Enter a hex colour such as #5d34f2 or #53f.')).toBeVisible();
    await expect(await canvas.findByText('Enter an http(s) URL.')).toBeVisible();
  },
};

export const BrandingLoadError: Story = {
  args: { path: '/acme/applications/spa1/branding', signInExperience: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const ThirdPartyPermissions: Story = {
  args: { path: '/acme/applications/partner1/permissions' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: 'Always granted' })).toHaveTextContent('openidprofile');
    const users = await canvas.findByRole('table', { name: 'User permissions' });
    await expect(within(users).getByText('E-mail address')).toBeVisible();
    const apis = canvas.getByRole('table', { name: 'API permissions' });
    await expect(within(apis).getByText('Read your orders')).toBeVisible();
    await expect(within(apis).getByRole('button', { name: 'Remove read:orders' })).toBeVisible();
    await expect(tabs(canvas).queryByRole('link', { name: 'Branding' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Check guide' })).toBeNull();
  },
};

export const ThirdPartyPermissionsEmpty: Story = {
  args: { path: '/acme/applications/partner1/permissions', consentScopes: { userScopes: [], resourceScopes: [] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No user data enabled yet/)).toBeVisible();
    await expect(canvas.getByText(/No API permissions enabled yet/)).toBeVisible();
  },
};

export const ThirdPartyPermissionsError: Story = {
  args: { path: '/acme/applications/partner1/permissions', consentScopes: 'error' },
  play: async ({ canvas }) => {
    await expect((await canvas.findAllByRole('button', { name: 'Retry' }))[0]).toBeVisible();
  },
};

export const ThirdPartyPermissionsAdd: Story = {
  args: { path: '/acme/applications/partner1/permissions' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Add permissions' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Add permissions' });
    const add = within(dialog).getByRole('button', { name: 'Assign' });
    await expect(add).toBeDisabled();
    // Enabled already: not offered.
    await expect(within(dialog).queryByRole('checkbox', { name: /^email/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^phone/ }));
    await expect(add).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'API permissions' }));
    await expect(await within(dialog).findByRole('checkbox', { name: /write:orders/ })).toBeVisible();
    await expect(within(dialog).queryByRole('checkbox', { name: /read:orders/ })).toBeNull();
  },
};

/** A single-page app has no roles: its roles address opens its first tab, settings (one rule for every details page). */
export const TabNotForThisType: Story = {
  args: { path: '/acme/applications/spa1/roles' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Redirect URIs 1' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Page not found' })).toBeNull();
  },
};

export const DetailsLoading: Story = {
  args: { path: '/acme/applications/spa1/settings', applications: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  },
};

export const DetailsNotFound: Story = {
  args: { path: '/acme/applications/unknown/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  },
};

export const DetailsError: Story = {
  args: { path: '/acme/applications/spa1/settings', applications: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
  },
};

export const DeleteConfirm: Story = {
  args: { path: '/acme/applications/spa1/settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: 'Delete' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Delete application' });
    // The actions menu closes with a transition; axe runs once it is gone.
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Application name' }), 'Storefront');
    await expect(confirm).toBeEnabled();
  },
};

export const GuideReact: Story = {
  args: { path: '/acme/applications/spa1/guide/spa-react' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'React' })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByText(/endpoint: 'http:\/\/localhost:3001\/t\/acme'/)[0]).toBeVisible());
    await expect(canvas.getByText(/signIn\('https:\/\/shop\.example\.test\/callback'\)/)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Copy code/ }).length).toBeGreaterThan(1);
  },
};

export const GuideMachineToMachine: Story = {
  args: { path: '/acme/applications/m2m1/guide/m2m' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Machine-to-machine' })).toBeVisible();
    await waitFor(() => expect(canvas.getByText(/-u "m2m1:\$LOGTO_APP_SECRET"/)).toBeVisible());
  },
};

/** Self-hosted: the same pages, without plans or quotas. */
export const ListSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  play: List.play,
};

export const SettingsSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: { path: '/acme/applications/web1/settings' },
  play: SettingsTraditionalSecrets.play,
};
