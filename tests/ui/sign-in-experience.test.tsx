import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { defaultSignInExperienceSettings, type SignInExperiencePatch, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Requester } from '#src/api/client.ts';
import { ApiError } from '#src/api/errors.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createConnectorsApi, type ConsoleConnector } from '#src/api/management/connectors.ts';
import { createSignInExperienceApi, type PreviewRequest, type VersionedSignInExperience } from '#src/api/management/sign-in-experience.ts';
import { sampleApplication } from '../support/application-samples.ts';
import { demoSocialFactory, devMailboxFactory, githubFactory, sampleConnector } from '../support/connector-samples.ts';
import { sampleTenant } from '../support/samples.ts';
import { openConsole } from './console.tsx';

// A long form with a preview beside it: typing into it in jsdom takes more than the default 5 seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
});

const saved = defaultSignInExperienceSettings('cloud');
const spa = sampleApplication('spa1', { name: 'Storefront', type: 'SPA', oidcClientMetadata: { redirectUris: ['https://shop.example.test/callback'], postLogoutRedirectUris: [] } });

/** Acme's sign-in experience at version 1; `patch` answers PATCH /sign-in-exp (by default: saved as version 2). */
function setup(
  path: string,
  patch?: (body: SignInExperiencePatch, etag: string) => Promise<VersionedSignInExperience>,
  { settings = saved, connectors = [] }: { settings?: SignInExperienceSettings; connectors?: ConsoleConnector[] } = {},
) {
  let current: VersionedSignInExperience = { settings, etag: '"1"' };
  const calls = {
    getSignInExperience: vi.fn(async () => current),
    patchSignInExperience: vi.fn(async (_tenantId: string, body: SignInExperiencePatch, etag: string) =>
      patch ? patch(body, etag) : { settings: { ...settings, ...body } as SignInExperienceSettings, etag: '"2"' },
    ),
    preview: vi.fn(async () => '<!doctype html><title>Sign in</title>'),
    checkPassword: vi.fn(async () => ({ codes: [] })),
  };
  const app = openConsole(path, {
    edition: 'cloud',
    tenants: [sampleTenant('acme', { name: 'Acme', tag: 'production', planId: 'free' })],
    roles: ['acme:admin'],
    api: (client) => ({
      signInExperience: { ...createSignInExperienceApi(client.tenant), ...calls },
      applications: { ...createApplicationsApi(client.tenant), listApplications: async () => ({ items: [spa], total: 1 }) },
      connectors: { ...createConnectorsApi(client.tenant), listConnectors: async () => connectors },
      tenants: { ...client.tenants, getTenantEndpoint: async (tenantId) => ({ user: `http://localhost:3001/t/${tenantId}` }) },
    }),
  });
  return { app, calls, setCurrent: (next: VersionedSignInExperience) => (current = next) };
}

const save = async () => userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));

test('the API client reads the version from ETag and sends it back as If-Match', async () => {
  const requestWithHeaders = vi.fn(async (): Promise<{ data: unknown; headers: Headers }> => ({ data: saved, headers: new Headers({ ETag: '"7"' }) }));
  const requester: Requester = { request: vi.fn(), requestWithHeaders } as unknown as Requester;
  const api = createSignInExperienceApi(() => requester);
  await expect(api.getSignInExperience('acme')).resolves.toEqual({ settings: saved, etag: '"7"' });
  await api.patchSignInExperience('acme', { signInMode: 'SignIn' }, '"7"');
  expect(requestWithHeaders).toHaveBeenLastCalledWith('PATCH', '/api/sign-in-exp', { body: { signInMode: 'SignIn' }, headers: { 'If-Match': '"7"' } });
});

test('a branding change is saved at once: only the changed block, under the version it was edited from', async () => {
  const { calls } = setup('/acme/sign-in-experience/branding');
  const colour = await screen.findByRole('textbox', { name: 'Brand colour' });
  await userEvent.clear(colour);
  await userEvent.type(colour, '#0a7d4f');
  await save();
  await waitFor(() => expect(calls.patchSignInExperience).toHaveBeenCalledOnce());
  expect(calls.patchSignInExperience).toHaveBeenCalledWith('acme', { color: { ...saved.color, primaryColor: '#0a7d4f' } }, '"1"');
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull());
});

test('a stale version is refused with a message; the edits stay, and a reload saves them over the new version', async () => {
  const conflict = new ApiError('conflict', 409, { code: 'sign_in_experiences.version_conflict', message: 'The sign-in experience was changed by someone else.' });
  const patch = vi.fn(async (body: SignInExperiencePatch, etag: string) => {
    if (etag === '"1"') throw conflict;
    return { settings: { ...saved, ...body } as SignInExperienceSettings, etag: '"3"' };
  });
  const { calls, setCurrent } = setup('/acme/sign-in-experience/content', patch);
  const support = await screen.findByRole('textbox', { name: 'Support e-mail' });
  await userEvent.type(support, 'help@acme.test');
  // Someone else saves version 2 meanwhile.
  setCurrent({ settings: { ...saved, signInMode: 'SignIn' }, etag: '"2"' });
  await save();
  const alert = await screen.findByRole('alert', { name: /Someone else saved the sign-in experience/ });
  expect((support as HTMLInputElement).value).toBe('help@acme.test');
  await userEvent.click(within(alert).getByRole('button', { name: 'Reload their version' }));
  await waitFor(() => expect(screen.queryByRole('alert', { name: /Someone else saved/ })).toBeNull());
  expect((support as HTMLInputElement).value).toBe('help@acme.test');
  await save();
  await waitFor(() => expect(patch).toHaveBeenLastCalledWith({ supportEmail: 'help@acme.test' }, '"2"'));
  expect(calls.patchSignInExperience).toHaveBeenCalledTimes(2);
});

test('a sign-up change shows what changes before it is saved; cancelling sends nothing', async () => {
  const { calls } = setup('/acme/sign-in-experience/sign-up-and-sign-in');
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Sign-up identifier' }), 'username');
  await save();
  const dialog = await screen.findByRole('dialog', { name: 'Save changes to how users sign in?' });
  expect(within(dialog).getByText('Identifier: E-mail address')).toBeTruthy();
  expect(within(dialog).getByText('Identifier: Username')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.patchSignInExperience).not.toHaveBeenCalled();

  await save();
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.patchSignInExperience).toHaveBeenCalledOnce());
  expect(calls.patchSignInExperience.mock.calls[0]![1]).toEqual({ signUp: { identifiers: ['username'], password: true, verify: false } });
});

test("the server's rule refusal shows on the field it concerns", async () => {
  const refused = new ApiError('refused', 400, { code: 'sign_in_experiences.at_least_one_authentication_factor', message: 'refused' });
  setup('/acme/sign-in-experience/sign-up-and-sign-in', async () => {
    throw refused;
  });
  await userEvent.click(await screen.findByRole('radio', { name: 'Sign in only' }));
  await save();
  expect(await screen.findByText('Each sign-in method needs a password or a verification code.')).toBeTruthy();
  const tabs = screen.getByRole('navigation', { name: 'Sign-in experience tabs' });
  expect(within(tabs).getByRole('link', { name: 'Sign-up and sign-in (1 invalid field)' })).toBeTruthy();
});

test('the preview renders the unsaved draft in a sandboxed frame; the password policy tab previews registration', async () => {
  const { calls } = setup('/acme/sign-in-experience/branding');
  const colour = await screen.findByRole('textbox', { name: 'Brand colour' });
  await userEvent.clear(colour);
  await userEvent.type(colour, '#0a7d4f');
  const lastRequest = () => (calls.preview.mock.calls.at(-1) as unknown as [string, PreviewRequest] | undefined)?.[1];
  await waitFor(() => expect(lastRequest()?.settings.color.primaryColor).toBe('#0a7d4f'), { timeout: 3000 });
  expect(lastRequest()).toMatchObject({ screen: 'sign_in', language: 'en' });
  const frame = await screen.findByTitle('Sign-in page preview');
  expect(frame.getAttribute('sandbox')).toBe('');
  expect(frame.getAttribute('srcdoc')).toContain('<title>Sign in</title>');

  await userEvent.click(within(screen.getByRole('navigation', { name: 'Sign-in experience tabs' })).getByRole('link', { name: 'Password policy' }));
  await waitFor(() => expect(lastRequest()?.screen).toBe('register'));
});

test('Try it builds the authorization URL of the tenant issuer from the chosen parameters', async () => {
  setup('/acme/sign-in-experience/branding');
  await userEvent.click(await screen.findByRole('button', { name: 'Try it' }));
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'First screen' }), 'identifier:sign_in');
  await userEvent.click(screen.getByRole('checkbox', { name: 'E-mail address' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Login hint' }), 'ann@example.com');
  const url = new URL(await screen.findByText(/^http:\/\/localhost:3001\/t\/acme\/oidc\/auth\?/).then((element) => element.textContent ?? ''));
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    client_id: 'spa1',
    redirect_uri: 'https://shop.example.test/callback',
    response_type: 'code',
    scope: 'openid',
    code_challenge_method: 'S256',
    first_screen: 'identifier:sign_in',
    identifier: 'email',
    login_hint: 'ann@example.com',
  });
});

const mailbox = sampleConnector('mailbox1', devMailboxFactory);
const github = sampleConnector('github1', githubFactory);
const demo = sampleConnector('demo1', demoSocialFactory);

test('an e-mail code choice is off without an e-mail connector and on with one, and is then saved', async () => {
  setup('/acme/sign-in-experience/sign-up-and-sign-in');
  expect(await screen.findByText(/no e-mail or SMS connector/)).toBeTruthy();
  const [emailCode] = screen.getAllByRole('checkbox', { name: 'Verification code' });
  expect((emailCode as HTMLInputElement).disabled).toBe(true);
  expect((screen.getByRole('checkbox', { name: /Verify the e-mail address/ }) as HTMLInputElement).disabled).toBe(true);
  expect(screen.getAllByRole('link', { name: 'Connectors' }).some((link) => link.getAttribute('href')?.endsWith('/acme/connectors/passwordless'))).toBe(true);
  cleanup();

  const { calls } = setup('/acme/sign-in-experience/sign-up-and-sign-in', undefined, { connectors: [mailbox] });
  expect(await screen.findByText(/no SMS connector, so phone verification codes stay off/)).toBeTruthy();
  const [enabled] = screen.getAllByRole('checkbox', { name: 'Verification code' });
  await waitFor(() => expect((enabled as HTMLInputElement).disabled).toBe(false));
  await userEvent.click(enabled!);
  await userEvent.click(screen.getByRole('checkbox', { name: /Verify the e-mail address/ }));
  await save();
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.patchSignInExperience).toHaveBeenCalledOnce());
  const body = calls.patchSignInExperience.mock.calls[0]![1];
  expect(body.signUp?.verify).toBe(true);
  expect(body.signIn?.methods[0]).toMatchObject({ identifier: 'email', verificationCode: true });
});

test('social buttons are added from the social connectors, reordered and removed, and saved in that order', async () => {
  const { calls } = setup('/acme/sign-in-experience/sign-up-and-sign-in', undefined, {
    settings: { ...saved, socialSignInConnectorTargets: ['github'] },
    connectors: [github, demo],
  });
  const buttons = await screen.findByRole('group', { name: 'Social sign-in buttons, in the order the page shows them' });
  expect(await within(buttons).findByText('GitHub')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Add a social button' }));
  // The item whether or not its menu has finished its fade-in, which jsdom may leave pending (as in the other menus' tests).
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Demo social', hidden: true }));
  // Every connector is a button now: nothing is left to add.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Add a social button' })).toBeNull());
  await userEvent.click(within(buttons).getByRole('button', { name: 'Move Demo social up' }));
  await save();
  const dialog = await screen.findByRole('dialog', { name: 'Save changes to how users sign in?' });
  expect(within(dialog).getByText('Social sign-in')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.patchSignInExperience).toHaveBeenCalledOnce());
  expect(calls.patchSignInExperience.mock.calls[0]![1]).toEqual({ socialSignInConnectorTargets: ['demo', 'github'] });

  await userEvent.click(within(buttons).getByRole('button', { name: 'Remove GitHub' }));
  await save();
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(calls.patchSignInExperience).toHaveBeenCalledTimes(2));
  expect(calls.patchSignInExperience.mock.calls[1]![1]).toEqual({ socialSignInConnectorTargets: ['demo'] });
});

test('without social connectors the section links to setting one up', async () => {
  setup('/acme/sign-in-experience/sign-up-and-sign-in');
  expect(await screen.findByText(/No social sign-in yet/)).toBeTruthy();
  expect(screen.getAllByRole('link', { name: 'Connectors' }).some((each) => each.getAttribute('href')?.endsWith('/acme/connectors/social'))).toBe(true);
  expect(screen.queryByRole('button', { name: 'Add a social button' })).toBeNull();
});
