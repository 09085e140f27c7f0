import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sampleRole } from '#tests/support/role-samples.ts';
import { hasReadableWidth, isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { rolesMeta as roles, type Args } from './roles-console.ts';

/** A role with a long name, at phone width: its header, tabs and lists fit. */
const longName = 'Regional customer-support supervisor (Asia-Pacific)';
const role = sampleRole('r8k2m5x9q1w4z7t0y3v6u', { name: longName, description: 'Sees and answers the tickets of the region', isDefault: true, usersCount: 2 });

const meta: Meta<Args> = { ...roles, title: 'Pages/Roles on a phone', globals: atPhoneWidth, args: { ...roles.args, roles: [role] } };

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Roles' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};

export const Users: Story = {
  args: { path: `/acme/roles/${role.id}/users` },
  play: async ({ canvas }) => {
    await expect(hasReadableWidth(await canvas.findByRole('heading', { level: 1, name: longName }))).toBe(true);
    await expect(isFullyShown(canvas.getByText(role.id))).toBe(true);
    for (const tab of within(canvas.getByRole('navigation', { name: 'Role tabs' })).getAllByRole('link')) await expect(isFullyShown(tab)).toBe(true);
    const table = await canvas.findByRole('table', { name: 'Users' });
    for (const cell of within(table).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};
