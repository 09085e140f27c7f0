import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { downgradeMachine, type DowngradeContext } from '#machines/downgrade.machine.ts';
import { DowngradeView, type DowngradeViewProps } from '#src/flows/downgrade/DowngradeView.tsx';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the downgrade machine, named by its state path (spec 01 §7 DELETE subscription). */
type Args = Pick<DowngradeViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Downgrade',
  parameters: { machine: downgradeMachine.id, layout: 'padded', ...modalFlow('420px') },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const baseContext: DowngradeContext = { tenantId: 'acme', exceededKeys: [] };

const stateStory = stateStories(downgradeMachine, baseContext, (state, { send }: Args) => <DowngradeView state={state} send={send} tenantName="Acme" />);

const downgradeButton = 'Downgrade to Free';

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  await userEvent.click(await canvas.findByRole('button', { name: downgradeButton }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'DOWNGRADE' });
  await expect(canvas.queryByRole('alert')).toBeNull();
});

export const confirming = stateStory('confirming', async ({ args, userEvent }) => {
  // The dialog renders in a portal, outside the story's canvas.
  const dialog = await screen.findByRole('dialog', { name: 'Downgrade to the Free plan?' });
  await expect(within(dialog).getByText(/Acme moves to the Free plan at once/)).toBeVisible();
  await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'CONFIRM' });
  await userEvent.keyboard('{Escape}');
  await expect(args.send).toHaveBeenCalledWith({ type: 'CANCEL' });
});

const showsBusy: Story['play'] = async ({ canvas }) => {
  await expect(await canvas.findByRole('button', { name: downgradeButton })).toHaveAttribute('aria-busy', 'true');
  await expect(screen.queryByRole('dialog')).toBeNull();
};

export const downgrading = stateStory('downgrading', showsBusy);
export const refetching = stateStory('refetching', showsBusy);

export const quotaExceeded = stateStory(
  'quotaExceeded',
  async ({ canvas, args, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByText('Quota limit reached')).toBeVisible();
    await expect(alert).toHaveTextContent("The Free plan's limit is reached for: Tenant members and Webhooks.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'DISMISS' });
  },
  { exceededKeys: ['tenantMembersLimit', 'hooksLimit'] },
);
