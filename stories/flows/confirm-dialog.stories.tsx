import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '@mantine/core';
import { expect, fn, screen, within } from 'storybook/test';
import { confirmDialogMachine } from '#machines/confirm-dialog.machine.ts';
import { ConfirmDialogView, type ConfirmDialogViewProps } from '#src/ui/confirm-dialog/ConfirmDialogView.tsx';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the confirm dialog machine, named by its state path (spec 01 §4 confirm dialogs). */
type Args = Pick<ConfirmDialogViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Confirm dialog',
  parameters: { machine: confirmDialogMachine.id, layout: 'padded', ...modalFlow('320px') },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const stateStory = stateStories(confirmDialogMachine, { result: 'cancelled' }, (state, { send }: Args) => (
  <ConfirmDialogView state={state} send={send} title="Unlink Demo?" confirmLabel="Unlink">
    <Text fz="sm">You can link it again later.</Text>
  </ConfirmDialogView>
));

export const open = stateStory('open', async ({ args, userEvent }) => {
  // The dialog renders in a portal, outside the story's canvas.
  const dialog = await screen.findByRole('dialog', { name: 'Unlink Demo?' });
  await expect(within(dialog).getByText('You can link it again later.')).toBeVisible();
  await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'CONFIRM' });
  await userEvent.keyboard('{Escape}');
  await expect(args.send).toHaveBeenCalledWith({ type: 'CANCEL' });
});

const closed: Story['play'] = async () => {
  await expect(screen.queryByRole('dialog')).toBeNull();
};

export const confirmed = stateStory('confirmed', closed, { result: 'confirmed' });
export const cancelled = stateStory('cancelled', closed);
