import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { ApiError } from '#src/api/errors.ts';
import { activateLocale } from '#src/i18n/activate.ts';
import { createConnectorsApi, type ConnectorTest, type ConsoleConnector, type CreateConnector, type PatchConnector } from '#src/api/management/connectors.ts';
import { oidcFactory, sampleConnector, sampleFactories, smtpFactory } from '../support/connector-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';

// A details page renders its whole generated form on each key press: slower than the kit's 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
});

const smtp = sampleConnector('smtp1', smtpFactory, {
  config: {
    host: 'smtp.example.com',
    port: 587,
    security: 'starttls',
    auth: true,
    username: 'mailer',
    password: null,
    usages: ['SignIn'],
    headers: {},
    // A key the form does not know (a newer factory version's, say): it survives a save.
    templates: [{ usageType: 'Generic', subject: 'Code', content: '{{code}}' }],
  },
});

/** Acme with a fake management API whose writes are recorded. */
function setup(path: string, connectors: ConsoleConnector[] = [smtp]) {
  const calls = {
    createConnector: vi.fn(async (_tenantId: string, body: CreateConnector) => sampleConnector(body.id ?? 'new1', oidcFactory, { metadata: body.metadata ?? {} })),
    updateConnector: vi.fn(async (_tenantId: string, id: string, body: PatchConnector) => ({ ...(connectors.find((each) => each.id === id) as ConsoleConnector), config: body.config ?? {} })),
    deleteConnector: vi.fn(async () => {}),
    testConnector: vi.fn(async (_tenantId: string, _factoryId: string, _body: ConnectorTest) => {}),
  };
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
    roles: ['acme:admin'],
    api: (client) => ({
      connectors: {
        ...createConnectorsApi(client.tenant),
        ...calls,
        listFactories: async () => sampleFactories,
        getFactory: async (_tenantId, id) => sampleFactories.find((each) => each.id === id) ?? sampleFactories[0]!,
        listConnectors: async () => connectors,
        getConnector: async (_tenantId, id) => connectors.find((each) => each.id === id) ?? connectors[0]!,
      },
      tenants: { ...client.tenants, getTenantEndpoint: async () => ({ user: 'http://localhost:3001/t/acme' }) },
    }),
  });
  return { calls, app };
}

const replace = async (field: HTMLElement, value: string) => {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
};

test('save: the form merges over the stored config, keeps the unanswered secret, and sends a number as a number', async () => {
  const { calls } = setup('/acme/connectors/passwordless/smtp1');
  await replace(await screen.findByRole('textbox', { name: /^Host/ }), 'mail.example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateConnector).toHaveBeenCalled());
  const [, id, body] = calls.updateConnector.mock.calls[0]!;
  expect(id).toBe('smtp1');
  expect(body.config).toEqual({
    host: 'mail.example.com',
    port: 587,
    security: 'starttls',
    auth: true,
    username: 'mailer',
    usages: ['SignIn'],
    headers: {},
    templates: [{ usageType: 'Generic', subject: 'Code', content: '{{code}}' }],
  });
  // The password the server did not answer is not sent: the server keeps it.
  expect(body.config).not.toHaveProperty('password');
  expect(body).not.toHaveProperty('syncProfile');
});

test('save: a new secret is sent, and fields hidden by a switch are not', async () => {
  const { calls } = setup('/acme/connectors/passwordless/smtp1');
  await replace(await screen.findByLabelText(/^Password/), 'n3w-secret');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateConnector).toHaveBeenCalledTimes(1));
  expect(calls.updateConnector.mock.calls[0]![2].config).toMatchObject({ password: 'n3w-secret', username: 'mailer' });

  await userEvent.click(await screen.findByRole('switch', { name: 'Sign in to the server' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.updateConnector).toHaveBeenCalledTimes(2));
  const config = calls.updateConnector.mock.calls[1]![2].config ?? {};
  expect(config.auth).toBe(false);
  expect(config).not.toHaveProperty('username');
  expect(config).not.toHaveProperty('password');
});

test('save: the config guard\'s field paths show on their fields', async () => {
  const { calls } = setup('/acme/connectors/passwordless/smtp1');
  calls.updateConnector.mockRejectedValueOnce(
    new ApiError('Invalid config', 400, { code: 'connector.invalid_config_guard', message: 'Invalid config', details: [{ path: 'config.port', message: 'Port must be from 1 to 65535.' }] }),
  );
  await replace(await screen.findByRole('textbox', { name: /^Port/ }), '70000');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await screen.findByText('Port must be from 1 to 65535.');
  expect(screen.getByRole('textbox', { name: /^Port/ }).getAttribute('aria-invalid')).toBe('true');
});

test('save in German: a field the server refuses shows its problem in German, not the server\'s English message', async () => {
  await activateLocale('de');
  try {
    const { calls } = setup('/acme/connectors/passwordless/smtp1');
    const detail = { path: 'config.port', code: 'custom', message: 'Must be a port from 1 to 65535.', params: { problem: 'port' } };
    calls.updateConnector.mockRejectedValueOnce(new ApiError('Invalid config', 400, { code: 'connector.invalid_config_guard', message: 'Invalid config', details: [detail] }));
    await replace(await screen.findByRole('textbox', { name: /^Port/ }), '70000');
    await userEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await screen.findByText('Geben Sie einen Port von 1 bis 65535 ein.');
    expect(screen.queryByText('Must be a port from 1 to 65535.')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Port/ }).getAttribute('aria-invalid')).toBe('true');
  } finally {
    await activateLocale('en');
  }
});

test('send test: the unsaved values are posted, with the address and the console\'s language', async () => {
  const { calls } = setup('/acme/connectors/passwordless/smtp1');
  await replace(await screen.findByRole('textbox', { name: /^Host/ }), '127.0.0.1');
  await replace(screen.getByRole('textbox', { name: /Send a test e-mail to/ }), 'me@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send test' }));
  await waitFor(() => expect(calls.testConnector).toHaveBeenCalled());
  const [, factoryId, body] = calls.testConnector.mock.calls[0]!;
  expect(factoryId).toBe('smtp');
  // The saved connector's id: the server fills in the password the form does not hold.
  expect(body).toMatchObject({ email: 'me@example.com', locale: 'en', id: 'smtp1', config: { host: '127.0.0.1', port: 587 } });
  expect(body.config).not.toHaveProperty('password');
  expect(calls.updateConnector).not.toHaveBeenCalled();
});

test('delete: the confirmation says where a connector in use is used, then the list opens', async () => {
  const used: ConsoleConnector = { ...smtp, usedBy: ['signIn', 'mfa'] };
  const { calls, app } = setup('/acme/connectors/passwordless/smtp1', [used]);
  await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete connector' });
  expect(dialog.textContent).toContain('SMTP is used by sign-in and multi-factor authentication. Once it is deleted, users can no longer use it there.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls.deleteConnector).toHaveBeenCalledWith('acme', 'smtp1'));
  await waitFor(() => expect(app.location()).toBe('/console/acme/connectors/passwordless'));
});

test('guide: a standard connector is created with the proposed id its callback URI shows, and its target', async () => {
  const { calls, app } = setup('/acme/connectors/social/guide/oidc', []);
  const dialog = await screen.findByRole('dialog', { name: 'Connector guide' });
  const callback = await within(dialog).findByText(/^http:\/\/localhost:3001\/t\/acme\/callback\//);
  const proposed = callback.textContent?.split('/').at(-1);
  await replace(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Tenant B');
  await replace(within(dialog).getByRole('textbox', { name: /^Target/ }), 'tenant-b');
  await replace(within(dialog).getByRole('textbox', { name: /^Issuer/ }), 'http://localhost:3001/t/b/oidc');
  await replace(within(dialog).getByRole('textbox', { name: /^Client ID/ }), 'abc');
  await replace(within(dialog).getByLabelText(/^Client secret/), 's3cret');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save and done' }));
  await waitFor(() => expect(calls.createConnector).toHaveBeenCalled());
  expect(calls.createConnector.mock.calls[0]![1]).toEqual({
    connectorId: 'oidc',
    id: proposed,
    config: { issuer: 'http://localhost:3001/t/b/oidc', clientId: 'abc', clientSecret: 's3cret' },
    syncProfile: false,
    metadata: { target: 'tenant-b', name: { en: 'Tenant B' }, logo: null, logoDark: null },
  });
  await waitFor(() => expect(app.location()).toBe(`/console/acme/connectors/social/${proposed}`));
});
