import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NotFound } from '#src/ui/NotFound.tsx';
import { WithRouter } from '../shell/with-router.tsx';

const meta = {
  title: 'Pages/Not found',
  component: NotFound,
  render: () => (
    <WithRouter path="/t1/no-such-page">
      <NotFound />
    </WithRouter>
  ),
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/console/');
  },
};
