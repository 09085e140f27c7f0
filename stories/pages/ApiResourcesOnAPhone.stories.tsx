import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sampleScope, sampleResource } from '#tests/support/resource-samples.ts';
import { hasReadableWidth, isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import apiResources, { type Args } from './ApiResources.stories.tsx';

/** An API with a long name and identifier, at phone width: its header and permissions fit. */
const longName = 'Enterprise subscription management and invoicing API';
const indicator = 'https://subscriptions.enterprise.example.test/api/v2';
const api = sampleResource('subscriptions', { name: longName, indicator, isDefault: true });

const meta: Meta<Args> = {
  ...apiResources,
  title: 'Pages/API resources on a phone',
  globals: atPhoneWidth,
  args: { ...apiResources.args, resources: [api], scopes: [sampleScope('subscriptions', 'write:subscription-invoices', 'Create and change the invoices of a subscription')] },
};

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'API resources' });
    await expect(isFullyShown(within(table).getByText('Default API'))).toBe(true);
    for (const copy of within(table).getAllByRole('button', { name: 'Copy API identifier' })) await expect(isFullyShown(copy)).toBe(true);
  },
};

export const Permissions: Story = {
  args: { path: '/acme/api-resources/subscriptions/permissions' },
  play: async ({ canvas }) => {
    await expect(hasReadableWidth(await canvas.findByRole('heading', { level: 1, name: longName }))).toBe(true);
    await expect(isFullyShown(canvas.getByText(indicator))).toBe(true);
    const table = await canvas.findByRole('table', { name: 'Permissions' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};
