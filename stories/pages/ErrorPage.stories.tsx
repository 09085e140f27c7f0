import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AppError } from '#src/ui/AppError.tsx';

const meta = {
  title: 'Pages/Error page',
  component: AppError,
  args: { onRetry: fn() },
} satisfies Meta<typeof AppError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const WithCodeAndCallStack: Story = {
  args: {
    code: 'oidc.invalid_request',
    message: 'The request could not be processed.',
    stack: 'Error: The request could not be processed.\n    at fetchTenants (session.ts:12:3)',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('oidc.invalid_request')).toBeVisible();
    await expect(canvas.getByText('The request could not be processed.')).toBeVisible();
    await userEvent.click(canvas.getByText('More details'));
    await expect(canvas.getByText(/at fetchTenants/)).toBeVisible();
  },
};
