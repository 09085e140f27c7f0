import type { Meta } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { userBulkActionMachine, type BulkUser, type UserBulkActionContext } from '#machines/user-bulk-action.machine.ts';
import { UserBulkActionView, type UserBulkActionViewProps } from '#src/flows/user-bulk-action/UserBulkActionView.tsx';
import { sampleRole } from '#tests/support/role-samples.ts';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the user bulk action machine, named by its state path (issue 14: bulk actions on the users list). */
type Args = Pick<UserBulkActionViewProps, 'send' | 'onClearSelection'> & { onSearch: (q: string) => void };

const meta: Meta<Args> = {
  title: 'Flows/User bulk action',
  parameters: { machine: userBulkActionMachine.id, layout: 'padded', ...modalFlow('480px') },
  args: { send: fn(), onClearSelection: fn(), onSearch: fn() },
};

export default meta;

const ann: BulkUser = { id: 'ann', title: 'Ann Lee' };
const bob: BulkUser = { id: 'bob', title: 'bob@example.com' };
const cat: BulkUser = { id: 'cat', title: 'cat_1' };
const users = [ann, bob, cat];
const reader = sampleRole('reader', { name: 'Order reader', description: 'Reads orders' });
const writer = sampleRole('writer', { name: 'Order writer', description: 'Creates and changes orders' });

const baseContext: UserBulkActionContext = { action: 'suspend', users: [], role: undefined, outcome: undefined };

const stateStory = stateStories(userBulkActionMachine, baseContext, (state, { send, onClearSelection, onSearch }: Args) => (
  <UserBulkActionView
    state={state}
    send={send}
    selected={users}
    onClearSelection={onClearSelection}
    roles={{ data: { items: [reader, writer], total: 2 }, isError: false, refetch: () => {}, q: '', onSearch }}
  />
));

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  const toolbar = await canvas.findByRole('region', { name: 'Bulk actions' });
  await expect(within(toolbar).getByRole('status')).toHaveTextContent('3 users selected');
  await userEvent.click(within(toolbar).getByRole('button', { name: 'Suspend' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'START', action: 'suspend', users });
  await userEvent.click(within(toolbar).getByRole('button', { name: 'Assign role' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'START', action: 'assignRole', users });
  await userEvent.click(within(toolbar).getByRole('button', { name: 'Clear selection' }));
  await expect(args.onClearSelection).toHaveBeenCalled();
  await expect(screen.queryByRole('dialog')).toBeNull();
});

export const pickingRole = stateStory(
  'pickingRole',
  async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Assign a role' });
    await expect(within(dialog).getByText('Pick the role to give the 3 selected users.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Order writer/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'PICK_ROLE', role: { id: 'writer', name: 'Order writer' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CANCEL' });
  },
  { action: 'assignRole', users },
);

export const confirming = stateStory(
  'confirming',
  async ({ args, userEvent }) => {
    // One confirmation that names the count.
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 users?' });
    await expect(within(dialog).getByText(/This cannot be undone/)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CONFIRM' });
  },
  { action: 'delete', users },
);

export const running = stateStory(
  'running',
  async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Suspend 3 users?' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Working on 3 users…');
    await expect(within(dialog).queryByRole('button')).toBeNull();
  },
  { action: 'suspend', users },
);

export const reported = stateStory(
  'reported',
  async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: '1 user could not be changed' });
    await expect(within(dialog).getByRole('listitem')).toHaveTextContent('bob@example.com: The user does not exist.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CLOSE' });
  },
  { action: 'suspend', users, outcome: { succeeded: [ann, cat], failed: [{ user: bob, message: 'The user does not exist.' }] } },
);
