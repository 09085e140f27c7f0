import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Resource, Scope } from '#schemas/resource.ts';
import type { ApiClient } from '#src/api/client.ts';
import { createResourcesApi } from '#src/api/management/resources.ts';
import { sampleManagementApi, sampleResource, sampleScope } from '#tests/support/resource-samples.ts';
import { byId, pageOf, quotaExceeded, renderConsole, tenantEndpoint, type Answer } from '../support/fake-api.ts';

const orders = sampleResource('orders', { name: 'Orders API', indicator: 'https://orders.example.test', isDefault: true });
const billing = sampleResource('billing', { name: 'Billing API', indicator: 'https://billing.example.test' });

export type Args = {
  path: string;
  resources: Answer<Resource[]>;
  scopes: Answer<Scope[]>;
  /** Total-Number of the resource list, when it has more pages than shown. */
  total?: number;
  /** POST /resources answers the free plan's quota error. */
  quotaExceeded?: boolean;
};

const fakeResources = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  resources: {
    ...createResourcesApi(client.tenant),
    listResources: async () => pageOf(args.resources, args.total),
    getResource: async (_tenantId, id) => byId(args.resources, id),
    listScopes: async () => pageOf(args.scopes),
    createResource: async (_tenantId, body) => {
      if (args.quotaExceeded) throw quotaExceeded({ resourcesLimit: 1 });
      return sampleResource('new', body);
    },
  },
  ...tenantEndpoint(client),
});

/**
 * API resources inside the real console routes, with the management API faked per story; the toolbar picks the
 * edition. The list's and the detail page's loading and error states are the kits' (stories/ui).
 */
const meta: Meta<Args> = {
  title: 'Pages/API resources',
  render: (args, { globals }) => renderConsole(args.path, globals, fakeResources(args)),
  args: { path: '/acme/api-resources', resources: [sampleManagementApi(), orders, billing], scopes: [] },
};

export default meta;
type Story = StoryObj<Args>;

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'API resources' });
    await expect(within(table).getByRole('link', { name: /Gatehouse Management API/ })).toBeVisible();
    await expect(within(table).getByText('Default API')).toBeVisible();
    await expect(within(table).getAllByRole('button', { name: 'Copy API identifier' })).toHaveLength(3);
    await expect(canvas.getByRole('link', { name: 'Create API resource' })).toBeVisible();
  },
};

export const ListEmptySearch: Story = {
  args: { path: '/acme/api-resources?q=nothing', resources: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No API resource matches "nothing".')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search by name or identifier' })).toHaveValue('nothing');
  },
};

export const ListPaged: Story = {
  args: { path: '/acme/api-resources?page=2', total: 45 },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('21–23 of 45')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Create: Story = {
  args: { path: '/acme/api-resources/create' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Create API resource' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'API name' }), 'Orders API');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /API identifier/ }), 'not a uri');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create API resource' }));
    await expect(await within(dialog).findByText('Enter an absolute URI without a fragment, such as https://api.example.com.')).toBeVisible();
  },
};

export const CreateQuotaExceeded: Story = {
  args: { path: '/acme/api-resources/create', quotaExceeded: true },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Create API resource' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'API name' }), 'Billing API');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /API identifier/ }), 'https://billing.example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create API resource' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Free plan's limit is reached for: API resources/);
    await expect(within(dialog).getByRole('textbox', { name: 'API name' })).toHaveValue('Billing API');
  },
};

export const Permissions: Story = {
  args: { path: '/acme/api-resources/orders/permissions', scopes: [sampleScope('orders', 'read:orders', 'Read orders'), sampleScope('orders', 'write:orders')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Orders API' })).toBeVisible();
    const table = await canvas.findByRole('table', { name: 'Permissions' });
    await expect(within(table).getByRole('button', { name: 'Edit read:orders' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'More actions' })).toBeVisible();
  },
};

export const PermissionsEmpty: Story = {
  args: { path: '/acme/api-resources/orders/permissions', scopes: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/No permissions yet/)).toBeVisible();
  },
};

export const ManagementApi: Story = {
  args: { path: '/acme/api-resources/management-api/permissions', scopes: [sampleScope('management-api', 'all', 'All management API permissions')] },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Permissions' });
    await expect(within(table).queryByRole('button', { name: 'Edit all' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Create permission' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'More actions' })).toBeNull();
  },
};

export const General: Story = {
  args: { path: '/acme/api-resources/orders/general' },
  play: async ({ canvas }) => {
    const ttl = await canvas.findByRole('textbox', { name: /Access token lifetime/ });
    await userEvent.clear(ttl);
    await userEvent.type(ttl, '600');
    await expect(await canvas.findByRole('region', { name: 'Unsaved changes' })).toBeVisible();
    await expect(canvas.getByText(/600 seconds is 10 minutes/)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: /Default API/ })).toBeChecked();
  },
};

/** An unknown id: the detail kit's "not found" shows inside the console, its navigation still there. */
export const DetailsNotFound: Story = {
  args: { path: '/acme/api-resources/unknown/permissions' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  },
};

export const Guide: Story = {
  args: { path: '/acme/api-resources/orders/guide/node', scopes: [sampleScope('orders', 'read:orders')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Node.js (Express or Hono) with jose' })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByText(/audience: 'https:\/\/orders\.example\.test'/)[0]).toBeVisible());
    await expect(canvas.getAllByText(/http:\/\/localhost:3001\/t\/acme\/oidc/)[0]).toBeVisible();
  },
};

export const DeleteConfirm: Story = {
  args: { path: '/acme/api-resources/orders/permissions' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await body.findByRole('dialog', { name: 'Delete API resource' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'API name' }), 'Orders API');
    await expect(confirm).toBeEnabled();
    // The actions menu closes as the dialog opens; the page is checked once it has gone.
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
  },
};

/** Self-hosted: the same page, without plans or quotas. */
export const ListSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  play: List.play,
};

export const PermissionsSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: Permissions.args,
  play: Permissions.play,
};
