import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { EmptyLanding } from '#src/pages/EmptyLanding.tsx';

const meta = { title: 'Pages/No tenant', component: EmptyLanding, args: { onCreateTenant: fn() } } satisfies Meta<typeof EmptyLanding>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cloud: Story = {
  globals: { edition: 'cloud' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'You are not a member of any tenant yet' })).toBeVisible();
    await expect(canvas.getByText(/Create a tenant to get started/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }));
    await expect(args.onCreateTenant).toHaveBeenCalled();
  },
};

export const SelfHosted: Story = {
  globals: { edition: 'self-hosted' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/add you to the default tenant/)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
