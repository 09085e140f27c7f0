import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { selfHostedOf } from '../support/editions.ts';
import { customizeJwtMeta, savedScript, type Args } from './customize-jwt-console.ts';

/** The custom JWT index (customize-jwt.md §1): one card per token type, add, edit, delete, and the plan's upsell. */
const meta: Meta<Args> = { ...customizeJwtMeta, title: 'Pages/Custom JWT' };

export default meta;
type Story = StoryObj<Args>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const card = async (canvas: ReturnType<typeof within>, name: string) => canvas.findByRole('region', { name });

export const NoScripts: Story = {
  play: async ({ canvas }) => {
    for (const name of ['User access token', 'Machine-to-machine access token']) {
      const region = await card(canvas, name);
      await expect(within(region).getByRole('link', { name: `Add custom claims: ${name}` })).toHaveAttribute('href', expect.stringMatching(/\/create$/));
      await expect(within(region).queryByText('Active')).toBeNull();
    }
    await expect(canvas.queryByText('Custom JWT is a paid feature')).toBeNull();
  },
};

export const OneScriptSaved: Story = {
  args: { saved: { 'access-token': savedScript } },
  play: async ({ canvas, canvasElement }) => {
    const user = await card(canvas, 'User access token');
    await expect(within(user).getByText('Active')).toBeVisible();
    await expect(within(user).getByText('Tokens are refused when the script fails.')).toBeVisible();
    await expect(within(user).getByRole('link', { name: 'Edit User access token' })).toHaveAttribute('href', expect.stringMatching(/access-token\/edit$/));
    const machine = await card(canvas, 'Machine-to-machine access token');
    await expect(within(machine).getByRole('link', { name: /^Add custom claims/ })).toBeVisible();
    await userEvent.click(within(user).getByRole('button', { name: 'Delete User access token' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Delete the User access token script' });
    await expect(dialog).toHaveTextContent('The claims stop at once');
  },
};

export const Loading: Story = {
  args: { saved: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Custom JWT', { selector: 'h1' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'User access token' })).toBeNull();
  },
};

export const LoadError: Story = {
  args: { saved: 'error' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The scripts could not be loaded.');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** Cloud, on a plan without custom JWT: the upsell, and the buttons disabled. */
export const PlanWithoutCustomJwt: Story = {
  args: { planId: 'free', saved: { 'client-credentials': { ...savedScript, blockIssuanceOnError: false } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Custom JWT is a paid feature')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Upgrade plan' })).toBeVisible();
    const user = await card(canvas, 'User access token');
    await expect(within(user).getByRole('button', { name: /^Add custom claims/ })).toBeDisabled();
    const machine = await card(canvas, 'Machine-to-machine access token');
    await expect(within(machine).getByText('Tokens are issued without the claims when the script fails.')).toBeVisible();
    await expect(within(machine).getByRole('button', { name: 'Edit Machine-to-machine access token' })).toBeDisabled();
    // A script saved before a downgrade can still be deleted.
    await expect(within(machine).getByRole('button', { name: 'Delete Machine-to-machine access token' })).toBeEnabled();
  },
};

/** Self-hosted: always on, whatever the plan. */
const selfHosted: Story = {
  args: { planId: 'free' },
  play: async ({ canvas }) => {
    const user = await card(canvas, 'User access token');
    await expect(within(user).getByRole('link', { name: /^Add custom claims/ })).toBeVisible();
    await expect(canvas.queryByText('Custom JWT is a paid feature')).toBeNull();
  },
};
export const SelfHosted = selfHostedOf(selfHosted);
