import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { isFullyShown } from '../support/layout.ts';
import { atPhoneWidth } from '../support/phone.ts';
import { auditLogsMeta as auditLogs, type Args } from './audit-logs-console.ts';

/** The audit log at phone width: every column of a row shows, none behind a sideways scroll. */
const meta: Meta<Args> = { ...auditLogs, title: 'Pages/Audit logs on a phone', globals: atPhoneWidth };

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Audit logs', busy: false });
    const row = [...table.querySelectorAll('tr')].find((tr) => /User updated/.test(tr.textContent ?? ''))!;
    for (const cell of within(row).getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
    await expect(isFullyShown(within(row).getByText('Ada'))).toBe(true);
  },
};

export const Details: Story = {
  args: { path: '/acme/audit-logs/log7' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1 });
    for (const cell of canvas.getAllByRole('cell')) await expect(isFullyShown(cell)).toBe(true);
  },
};
