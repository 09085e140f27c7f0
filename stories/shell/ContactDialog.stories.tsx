import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ContactDialog } from '#src/ui/ContactDialog.tsx';

const meta = {
  title: 'Shell/Contact dialog',
  component: ContactDialog,
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof ContactDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Help and contact' });
    await waitFor(() => expect(within(dialog).getByText('Community chat')).toBeVisible());
    for (const row of ['Source code', 'E-mail', 'Book a meeting']) await expect(within(dialog).getByText(row)).toBeVisible();
    for (const link of within(dialog).getAllByRole('link')) await expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
