import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { accountDeletionMachine, type AccountDeletionContext } from '#machines/account-deletion.machine.ts';
import { AccountDeletionView, type AccountDeletionViewProps } from '#src/flows/account-deletion/AccountDeletionView.tsx';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the account deletion machine, named by its state path (spec 01 §4 account deletion). */
type Args = Pick<AccountDeletionViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Account deletion',
  parameters: { machine: accountDeletionMachine.id, layout: 'padded', ...modalFlow('420px') },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const baseContext: AccountDeletionContext = { blocked: [], failure: undefined };

const stateStory = stateStories(accountDeletionMachine, baseContext, (state, { send }: Args) => <AccountDeletionView state={state} send={send} />);

const deleteButton = 'Delete account';

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  await userEvent.click(await canvas.findByRole('button', { name: deleteButton }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'DELETE' });
  await expect(screen.queryByRole('dialog')).toBeNull();
});

const busy: Story['play'] = async ({ canvas }) => {
  await expect(await canvas.findByRole('button', { name: deleteButton })).toHaveAttribute('aria-busy', 'true');
};

export const checkingEligibility = stateStory('checkingEligibility', async (context) => {
  await busy(context);
  await expect(screen.queryByRole('dialog')).toBeNull();
});

export const blocked = stateStory(
  'blocked',
  async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Your account cannot be deleted yet' });
    const acme = within(dialog).getByRole('region', { name: 'Acme' });
    await expect(within(acme).getByText('It is on a paid plan. Downgrade it to the Free plan first.')).toBeVisible();
    await expect(within(acme).getByText('It has open invoices. Pay them first.')).toBeVisible();
    const beta = within(dialog).getByRole('region', { name: 'Beta' });
    await expect(within(beta).getByText('Its subscription is not active.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CLOSE' });
  },
  {
    blocked: [
      { tenantId: 'acme', tenantName: 'Acme', blockers: ['paid_plan', 'open_invoices'] },
      { tenantId: 'beta', tenantName: 'Beta', blockers: ['subscription_not_active'] },
    ],
  },
);

export const confirming = stateStory('confirming', async ({ args, userEvent }) => {
  const dialog = await screen.findByRole('dialog', { name: 'Delete account?' });
  await expect(within(dialog).getByText(/The tenants you administer are deleted/)).toBeVisible();
  await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'CONFIRM' });
});

export const finalConfirming = stateStory('finalConfirming', async ({ args }) => {
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account permanently?' });
  await expect(within(dialog).getByText(/This cannot be undone/)).toBeVisible();
  // The browser's back action cancels the confirmation.
  window.dispatchEvent(new PopStateEvent('popstate'));
  await waitFor(() => expect(args.send).toHaveBeenCalledWith({ type: 'CANCEL' }));
});

export const deleting = stateStory('deleting', async (context) => {
  await busy(context);
  const dialog = await screen.findByRole('dialog', { name: 'Deleting your account' });
  await expect(within(dialog).getByRole('status')).toHaveTextContent('Deleting your account…');
});

export const failed = stateStory(
  'failed',
  async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Account deletion failed' });
    await expect(within(dialog).getByText('Internal server error')).toBeVisible();
    await expect(within(dialog).getByText('Request ID: req-42')).toBeVisible();
    await expect(within(dialog).getByText(/Please try again later/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CLOSE' });
  },
  { failure: { message: 'Internal server error', requestId: 'req-42' } },
);

export const signedOut = stateStory('signedOut', async (context) => {
  await busy(context);
  await expect(screen.queryByRole('dialog')).toBeNull();
});
