import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { body } from '../support/queries.ts';
import { applicationsMeta, tabs, type Args } from './applications-console.ts';

/** An application's settings by type, its secrets, its guides and deleting it; its loading, not-found and error states are the detail kit's (stories/ui). */
const meta: Meta<Args> = { ...applicationsMeta, title: 'Pages/Application settings' };

export default meta;
type Story = StoryObj<Args>;

export const SettingsSinglePageApp: Story = {
  args: { path: '/acme/applications/spa1/settings' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Redirect URIs 1' })).toHaveValue('https://shop.example.test/callback');
    await expect(canvas.getByRole('switch', { name: /Always issue a refresh token/ })).not.toBeChecked();
    await expect(await canvas.findByText('http://localhost:3001/t/acme/oidc')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'App secrets' })).toBeNull();
    // A public app always uses PKCE: no switch for it.
    await expect(canvas.getByRole('combobox', { name: 'ID token signing algorithm' })).toBeVisible();
    await expect(canvas.queryByRole('switch', { name: /Require PKCE/ })).toBeNull();
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
    // No ID tokens for a machine.
    await expect(canvas.queryByRole('combobox', { name: 'ID token signing algorithm' })).toBeNull();
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

/** A single-page app has no roles: its roles address opens its first tab, settings (one rule for every details page). */
export const TabNotForThisType: Story = {
  args: { path: '/acme/applications/spa1/roles' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: 'Redirect URIs 1' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Page not found' })).toBeNull();
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

export const SettingsSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  args: { path: '/acme/applications/web1/settings' },
  play: SettingsTraditionalSecrets.play,
};
