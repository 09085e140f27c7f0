import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { body } from '../support/queries.ts';
import { applicationsMeta, spa, type Args } from './applications-console.ts';

/** The lists of applications and creating one; the list's loading and error states are the table kit's (stories/ui). */
const meta: Meta<Args> = { ...applicationsMeta, title: 'Pages/Applications' };

export default meta;
type Story = StoryObj<Args>;

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
    await expect(within(canvas.getByRole('group', { name: 'Type' })).getByRole('button', { name: 'Machine-to-machine' })).toHaveAttribute('aria-pressed', 'true');
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

/** Self-hosted: the same pages, without plans or quotas. */
export const ListSelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  play: List.play,
};
