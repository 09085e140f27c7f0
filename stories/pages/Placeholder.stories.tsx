import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Placeholder } from '#src/pages/Placeholder.tsx';

const meta = {
  title: 'Pages/Placeholder',
  component: Placeholder,
  args: { page: 'applicationDetails', tab: 'settings' },
} satisfies Meta<typeof Placeholder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TabOfADetailsPage: Story = {
  play: async ({ canvas }) => {
    // The page's heading, and the tab as a heading of its own under it (not 'Application details · Settings').
    await expect(canvas.getByRole('heading', { level: 1, name: 'Application details' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
    await expect(canvas.getByText('This page is not available yet.')).toBeVisible();
  },
};

export const ListPage: Story = {
  args: { page: 'users', tab: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  },
};
