import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { CheckoutSession, CreateCheckoutSession } from '#schemas/billing.ts';
import { storageKeys } from '#schemas/constants.ts';
import type { Tenant } from '#schemas/tenant.ts';
import type { CheckoutSessionStarted } from '#src/api/billing.ts';
import { browser } from '#src/flows/checkout/browser.ts';
import { sampleSku, sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';
import { menuUser } from './render.tsx';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const plans = [sampleSku('free', 'Free', 0), sampleSku('pro-2024-11', 'Pro', 2400)];
const production = (id: string, planId: string) => {
  const tenant = sampleTenant(id, { name: `Tenant ${id}`, tag: 'production', planId });
  return { ...tenant, subscription: { ...tenant.subscription, planId } };
};
const storedRecord = () => window.sessionStorage.getItem(storageKeys.checkoutSession);

/** A console on tenant t1 whose checkout start answers `started`; the plan selection's calls are recorded. */
function consoleWithCheckout(tenants: Tenant[], started: CheckoutSessionStarted) {
  const checkouts: CreateCheckoutSession[] = [];
  const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  const app = openConsole('/t1/get-started', {
    edition: 'cloud',
    tenants,
    roles: ['t1:admin'],
    api: (client) => ({
      invitations: { ...client.invitations, listMyInvitations: async () => [] },
      billing: {
        ...client.billing,
        listSkus: async () => plans,
        createCheckoutSession: async (body) => {
          checkouts.push(body);
          return started;
        },
      },
    }),
  });
  return { app, checkouts, assign };
}

async function choosePlans(name: string) {
  await screen.findByRole('heading', { level: 1, name: 'Get started' });
  const { user, settle } = menuUser();
  await user.click(screen.getByRole('button', { name: /^Current tenant/ }));
  // The menu's code loads on the click, and then the menu opens.
  await screen.findByRole('menu');
  settle();
  await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Create tenant' }));
  await screen.findByRole('dialog', { name: 'Create tenant' });
  await user.type(screen.getByLabelText(/Tenant name/), name);
  await user.click(screen.getByRole('radio', { name: 'Production' }));
  await user.click(screen.getByRole('button', { name: 'Create tenant' }));
  return { user, plans: within(await screen.findByRole('dialog', { name: 'Choose a plan' })) };
}

test('Pro for a new production tenant: a checkout session with a 6-character state, the record kept, then the hosted checkout', async () => {
  const started = { sessionId: 'cs_1', redirectUri: 'http://localhost:3000/payments/checkout/cs_1' };
  const { checkouts, assign } = consoleWithCheckout([sampleTenant('t1')], started);
  const { user, plans } = await choosePlans('Shop');
  await user.click(plans.getByRole('button', { name: 'Buy Pro' }));

  await waitFor(() => expect(assign).toHaveBeenCalledWith(started.redirectUri));
  const [body] = checkouts;
  const callback = new URL(body?.successCallbackUrl ?? '');
  const state = callback.searchParams.get('state');
  expect(state).toMatch(/^[A-Za-z0-9]{6}$/);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${window.location.origin}/console/checkout-success-callback`);
  expect(body).toEqual({ skuId: 'pro-2024-11', successCallbackUrl: callback.href, tenantName: 'Shop', tenantTag: 'production', tenantRegionName: 'EU' });
  expect(JSON.parse(storedRecord() ?? '')).toEqual({ state, sessionId: 'cs_1' });
});

test("a checkout without redirectUri: the 'Unknown error' toast, nothing stored, the plans can be chosen again", async () => {
  const { assign } = consoleWithCheckout([sampleTenant('t1')], { sessionId: 'cs_1' });
  const { user, plans } = await choosePlans('Shop');
  await user.click(plans.getByRole('button', { name: 'Buy Pro' }));

  expect(await screen.findByText('Unknown error')).toBeTruthy();
  await waitFor(() => expect(plans.getByRole('button', { name: 'Buy Pro' }).getAttribute('aria-busy')).toBeNull());
  expect((plans.getByRole('button', { name: 'Create with Free' }) as HTMLButtonElement).disabled).toBe(false);
  expect(assign).not.toHaveBeenCalled();
  expect(storedRecord()).toBeNull();
});

test('with 3 free tenants, Free is disabled and says why; the admin tenant among them lifts the cap', async () => {
  const freeTenants = [production('t1', 'free'), production('t2', 'free'), production('t3', 'free')];
  consoleWithCheckout(freeTenants, { sessionId: 'cs_1' });
  const { plans } = await choosePlans('Shop');
  const free = plans.getByRole('button', { name: 'Create with Free' }) as HTMLButtonElement;
  expect(free.disabled).toBe(true);
  const reason = document.getElementById(free.getAttribute('aria-describedby') ?? '');
  expect(reason?.textContent).toBe('You already have 3 or more tenants on the free plan, the most an account can have.');
  expect((plans.getByRole('button', { name: 'Buy Pro' }) as HTMLButtonElement).disabled).toBe(false);
  cleanup();

  consoleWithCheckout([...freeTenants, production('admin', 'admin')], { sessionId: 'cs_1' });
  const second = await choosePlans('Shop');
  expect((second.plans.getByRole('button', { name: 'Create with Free' }) as HTMLButtonElement).disabled).toBe(false);
});

/** The callback page with a stored record; the session and subscription answer as given. */
function openCallback(path: string, record: string | null, { session, planId }: { session: CheckoutSession; planId: string }) {
  if (record !== null) window.sessionStorage.setItem(storageKeys.checkoutSession, record);
  const acme = production('acme', 'free');
  let tenants: Tenant[] = [acme];
  const refreshed = [production('acme', planId), production('shop1', planId)];
  const app = openConsole(path, {
    edition: 'cloud',
    tenants,
    roles: ['acme:admin', 'shop1:admin'],
    api: (client) => ({
      invitations: { ...client.invitations, listMyInvitations: async () => [] },
      billing: {
        ...client.billing,
        getCheckoutSession: async () => session,
        getSubscription: async () => ({ ...acme.subscription, planId, upcomingInvoice: { amountDue: 2400 } }),
      },
    }),
    services: {
      refreshTenants: async () => {
        tenants = refreshed;
        app.router.update({ ...app.router.options, context: { ...app.router.options.context, tenants } });
        await app.router.invalidate();
        return tenants;
      },
    },
  });
  return app;
}

const record = (fields: object = {}) => JSON.stringify({ state: 'aB3xY9', sessionId: 'cs_1', ...fields });
const complete = (tenantId: string): CheckoutSession => ({ id: 'cs_1', status: 'complete', tenantId, skuId: 'pro-2024-11' });

test('an upgrade completes: record cleared, upgrade toast, tenants refreshed, back to the page that started it', async () => {
  const app = openCallback('/checkout-success-callback?state=aB3xY9', record({ callbackPage: '/acme/tenant-settings/settings' }), {
    session: complete('acme'),
    planId: 'pro-2024-11',
  });
  expect(await screen.findByText('Upgraded to the Pro plan')).toBeTruthy();
  await waitFor(() => expect(app.location()).toBe('/console/acme/tenant-settings/settings'));
  expect(app.router.options.context.tenants.find(({ id }) => id === 'acme')?.planId).toBe('pro-2024-11');
  expect(storedRecord()).toBeNull();
});

test('a downgrade without a callback page: the downgrade toast, then `/`', async () => {
  const app = openCallback('/checkout-success-callback?state=aB3xY9', record({ isDowngrade: true }), {
    session: { ...complete('acme'), skuId: 'free' },
    planId: 'free',
  });
  expect(await screen.findByText('Downgraded to the Free plan')).toBeTruthy();
  await waitFor(() => expect(app.location()).toMatch(/^\/console\/acme/));
  expect(storedRecord()).toBeNull();
});

test('a new production tenant: it becomes the default tenant and opens', async () => {
  const app = openCallback('/checkout-success-callback?state=aB3xY9', record(), { session: complete('shop1'), planId: 'pro-2024-11' });
  expect(await screen.findByText('Upgraded to the Pro plan')).toBeTruthy();
  await waitFor(() => expect(app.location()).toMatch(/^\/console\/shop1/));
  await waitFor(() => expect(app.store.getSnapshot().preferences.defaultTenantId).toBe('shop1'));
});

test("another state goes to `/` and keeps the record; stored JSON that is not a record is the 'Invalid JSON format' toast", async () => {
  const options = { session: complete('acme'), planId: 'pro-2024-11' };
  const app = openCallback('/checkout-success-callback?state=zzzzzz', record(), options);
  await waitFor(() => expect(app.location()).toMatch(/^\/console\/acme/));
  expect(storedRecord()).toBe(record());
  expect(screen.queryByText('Upgraded to the Pro plan')).toBeNull();
  cleanup();

  const invalid = openCallback('/checkout-success-callback?state=aB3xY9', '{"state":"aB3xY9"', options);
  expect(await screen.findByText('Invalid JSON format')).toBeTruthy();
  await waitFor(() => expect(invalid.location()).toMatch(/^\/console\/acme/));
  expect(storedRecord()).toBeNull();
});
