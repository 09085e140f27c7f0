import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { CookieKey, PrivateKey } from '#schemas/signing-keys.ts';
import type { ApiClient } from '#src/api/client.ts';
import { createSigningKeysApi } from '#src/api/management/signing-keys.ts';
import { createTestConsole } from '#tests/support/console.tsx';
import { sampleTenant } from '#tests/support/samples.ts';
import { rotatedKeys, sampleCookieKey, samplePrivateKey } from '#tests/support/signing-key-samples.ts';
import { answer, type Answer } from '../support/fake-api.ts';

export type Args = { path: string; privateKeys: Answer<PrivateKey[]>; cookieKeys: Answer<CookieKey[]>; role: 'admin' | 'collaborator' };

const fakeKeys = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  signingKeys: {
    ...createSigningKeysApi(client.tenant),
    listPrivateKeys: () => answer(args.privateKeys),
    listCookieKeys: () => answer(args.cookieKeys),
    rotatePrivateKeys: async () => {},
    rotateCookieKeys: async () => {},
    deleteKey: async () => {},
  },
});

/** The signing keys page inside the real console routes (cloud), as the tenant's admin or a collaborator. */
const meta: Meta<Args> = {
  title: 'Pages/Signing keys',
  render: (args) =>
    createTestConsole(args.path, { edition: 'cloud', tenants: [sampleTenant('acme', { name: 'Acme' })], roles: [`acme:${args.role}`], api: fakeKeys(args) }).element,
  args: {
    path: '/acme/signing-keys',
    privateKeys: rotatedKeys(),
    cookieKeys: [sampleCookieKey('c-current', '2026-11-20T10:00:00.000Z'), sampleCookieKey('c-previous')],
    role: 'admin',
  },
};

export default meta;
type Story = StoryObj<Args>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const PrivateKeys: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Private keys' });
    await expect(within(table).getAllByText('Current')).toHaveLength(2);
    await expect(within(table).getByText('Next')).toBeVisible();
    await expect(within(table).getByText(/effective in 01:0\d:\d\d/)).toBeVisible();
    await expect(within(table).getAllByText('RSA 2048 (RS256)')).toHaveLength(2);
    await expect(within(table).getByText('1,204 tokens')).toBeVisible();
    await expect(within(table).getByText(/Safe to delete after/)).toBeVisible();
    // Only the previous key can be deleted.
    await expect(within(table).getAllByRole('button', { name: /^Delete key/ })).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Rotate private keys' })).toBeEnabled();
  },
};

export const OneKeyOfEachAlgorithm: Story = {
  args: { privateKeys: [samplePrivateKey('k-ec'), samplePrivateKey('k-rsa', { signingKeyAlgorithm: 'RSA', jwsAlgorithm: 'RS256' })] },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Private keys' });
    await expect(within(table).queryByRole('button', { name: /^Delete key/ })).toBeNull();
    await expect(within(table).getAllByText('0 tokens')).toHaveLength(2);
  },
};

export const CookieKeys: Story = {
  args: { path: '/acme/signing-keys?type=cookie-keys' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Cookie keys' });
    await expect(within(table).getByText('Current')).toBeVisible();
    await expect(within(table).getByText('Previous')).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Delete key c-previous' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Rotate cookie keys' })).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { privateKeys: 'loading' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('table', { name: 'Private keys' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const LoadError: Story = {
  args: { privateKeys: 'error' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const Collaborator: Story = {
  args: { role: 'collaborator' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Private keys' });
    await expect(within(table).getByText('Next')).toBeVisible();
    await expect(within(table).queryByRole('button', { name: /^Delete key/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Rotate private keys' })).toBeDisabled();
  },
};

export const RotateConfirm: Story = {
  args: { privateKeys: [samplePrivateKey('k-ec'), samplePrivateKey('k-rsa', { signingKeyAlgorithm: 'RSA', jwsAlgorithm: 'RS256' })] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rotate private keys' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Rotate private keys' });
    await expect(within(dialog).getByText(/New tokens will be signed with a new key/)).toBeVisible();
    await expect(within(dialog).getByRole('combobox', { name: 'Algorithm' })).toHaveValue('EC');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Grace period' }), '3600');
    await expect(within(dialog).getByRole('combobox', { name: 'Grace period' })).toHaveDisplayValue('1 hour');
    await expect(within(dialog).getByRole('button', { name: 'Rotate' })).toBeEnabled();
  },
};

export const DeleteConfirm: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete key k-ec-previous' }));
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Delete private key' });
    await expect(within(dialog).getByText(/will fail at every resource server that refreshes the JWKS/)).toBeVisible();
  },
};
