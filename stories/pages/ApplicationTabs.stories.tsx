import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { body } from '../support/queries.ts';
import { applicationsMeta, tabs, type Args } from './applications-console.ts';

/** An application's roles, branding and third-party permissions tabs. */
const meta: Meta<Args> = { ...applicationsMeta, title: 'Pages/Application tabs' };

export default meta;
type Story = StoryObj<Args>;

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
