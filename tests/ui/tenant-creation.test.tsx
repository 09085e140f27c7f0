import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import type { CreateInvitations } from '#schemas/invitation.ts';
import type { CreateTenant, Tenant } from '#schemas/tenant.ts';
import type { ApiClient } from '#src/api/client.ts';
import { ApiError, type ErrorHandling } from '#src/api/errors.ts';
import { sampleInvitation, sampleSku, sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';
import { menuUser } from './render.tsx';
import { billingApi } from '#src/api/billing.ts';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
});

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

/** The tenant and invitation calls of the cloud API, recorded; the tenant is created as asked. */
function fakeTenancy({ inviteFails = false, invitations = [sampleInvitation('inv-1')] } = {}) {
  const created: CreateTenant[] = [];
  const invited: Array<{ tenantId: string; body: CreateInvitations; options?: ErrorHandling }> = [];
  const api = (client: ApiClient): Partial<ApiClient> => ({
    tenants: {
      ...client.tenants,
      createTenant: async (body) => {
        created.push(body);
        return sampleTenant('acme1', { name: body.name, regionName: body.regionName ?? 'EU', tag: body.tag ?? 'development' });
      },
    },
    billing: { ...billingApi(client), listSkus: async () => [sampleSku('free', 'Free', 0), sampleSku('pro-2024-11', 'Pro', 2400)] },
    invitations: {
      ...client.invitations,
      listMyInvitations: async () => invitations,
      createInvitations: async (tenantId, body, options) => {
        invited.push({ tenantId, body, options });
        if (inviteFails) throw new ApiError('Forbidden', 403, { code: 'tenant.permission_denied', message: 'Forbidden' });
        return [];
      },
    },
  });
  return { api, created, invited };
}

// The creator becomes the new tenant's admin.
const cloud = { edition: 'cloud' as const, tenants: [] as Tenant[], roles: ['acme1:admin'] };

test('onboarding: creates the tenant, invites the collaborators with the tenant token, marks onboarding done, opens the tenant', async () => {
  const tenancy = fakeTenancy();
  const app = openConsole('/', { ...cloud, api: tenancy.api });
  await heading('Create your first tenant');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Tenant name'), 'Acme');
  await user.click(screen.getByRole('radio', { name: 'West US (US)' }));
  await user.type(screen.getByLabelText('Invite collaborators'), 'bob@example.com ');
  await user.click(screen.getByRole('button', { name: 'Create' }));

  await heading('Get started');
  expect(app.location()).toBe('/console/acme1/get-started');
  expect(tenancy.created).toEqual([{ name: 'Acme', regionName: 'US' }]);
  expect(tenancy.invited).toEqual([
    { tenantId: 'acme1', body: { invitee: ['bob@example.com'], roleName: 'collaborator' }, options: { hideErrorToast: true } },
  ]);
  expect(app.store.getSnapshot().preferences.isOnboardingDone).toBe(true);
  expect(app.router.options.context.tenants.map(({ id }) => id)).toEqual(['acme1']);
  expect(await screen.findByText('Tenant created')).toBeTruthy();
});

test("onboarding: an unnamed tenant is 'My project'; a failed invitation is a toast and the flow goes on", async () => {
  const tenancy = fakeTenancy({ inviteFails: true });
  const app = openConsole('/onboarding', { ...cloud, api: tenancy.api });
  await heading('Create your first tenant');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Invite collaborators'), 'bob@example.com{Enter}');
  await user.click(screen.getByRole('button', { name: 'Create' }));

  await heading('Get started');
  expect(tenancy.created).toEqual([{ name: 'My project', regionName: 'EU' }]);
  expect(await screen.findByText('Invitation failed')).toBeTruthy();
  expect(app.store.getSnapshot().preferences.isOnboardingDone).toBe(true);
});

test('index: without tenants, after onboarding, the pending invitations each have Join', async () => {
  const accepted = sampleInvitation('inv-2', { tenantId: 't2', tenantName: 'Old', status: 'Accepted' });
  const pending = sampleInvitation('inv-1', { tenantId: 'acme1', tenantName: 'Acme' });
  const app = openConsole('/', { ...cloud, preferences: { isOnboardingDone: true }, api: fakeTenancy({ invitations: [pending, accepted] }).api });
  await heading('You have been invited');
  expect(screen.queryByText('Old')).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Join Acme' }));
  await waitFor(() => expect(app.location()).toBe('/console/accept/inv-1'));
});

test('index: the empty landing; Create tenant clears isOnboardingDone and leads to onboarding', async () => {
  const app = openConsole('/', { ...cloud, preferences: { isOnboardingDone: true }, api: fakeTenancy({ invitations: [] }).api });
  await heading('You are not a member of any tenant yet');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Create tenant' }));
  await heading('Create your first tenant');
  expect(app.location()).toBe('/console/onboarding/create-tenant');
  expect(app.store.getSnapshot().preferences.isOnboardingDone).toBe(false);
});

test('create-tenant modal: the name is required; a production tenant on the free plan is created and opened', async () => {
  const tenancy = fakeTenancy();
  const app = openConsole('/t1/get-started', { edition: 'cloud', tenants: [sampleTenant('t1')], roles: ['t1:admin', 'acme1:admin'], api: tenancy.api });
  await heading('Get started');
  const { user, settle } = menuUser();
  await user.click(screen.getByRole('button', { name: /^Current tenant/ }));
  settle();
  await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Create tenant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create tenant' });
  await user.click(screen.getByRole('radio', { name: 'Production' }));
  await user.click(screen.getByRole('button', { name: 'Create tenant' }));
  expect(screen.getByText('Tenant name is required.')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText(/Tenant name/));
  expect(tenancy.created).toEqual([]);

  await user.type(screen.getByLabelText(/Tenant name/), 'Acme');
  await user.click(screen.getByRole('button', { name: 'Create tenant' }));
  // Production opens plan selection in place of the form; Free creates the tenant directly.
  const plans = await screen.findByRole('dialog', { name: 'Choose a plan' });
  await waitFor(() => expect(dialog.isConnected).toBe(false));
  await user.click(within(plans).getByRole('button', { name: 'Create with Free' }));
  await heading('Get started');
  await waitFor(() => expect(app.location()).toBe('/console/acme1/get-started'));
  expect(tenancy.created).toEqual([{ name: 'Acme', tag: 'production', regionName: 'EU' }]);
  expect(app.router.options.context.tenants.map(({ id }) => id)).toEqual(['t1', 'acme1']);
  expect(plans.isConnected).toBe(false);
  expect(await screen.findByText('Tenant created')).toBeTruthy();
});
