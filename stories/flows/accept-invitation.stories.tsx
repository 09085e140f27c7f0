import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { acceptInvitationMachine, type AcceptInvitationContext } from '#machines/accept-invitation.machine.ts';
import { AcceptInvitationView, type AcceptInvitationViewProps } from '#src/flows/accept-invitation/AcceptInvitationView.tsx';
import { WithRouter } from '../shell/with-router.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the accept-invitation machine, named by its state path (spec 01 §2 invitation acceptance). */
type Args = Pick<AcceptInvitationViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Accept invitation',
  parameters: { machine: acceptInvitationMachine.id },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const baseContext: AcceptInvitationContext = { invitationId: 'inv-1' };

const stateStory = stateStories(acceptInvitationMachine, baseContext, (state, { send }: Args) => (
  <WithRouter path="/accept/inv-1">
    <AcceptInvitationView state={state} send={send} />
  </WithRouter>
));

const showsLoader =
  (name: string): Story['play'] =>
  async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name })).toBeVisible();
    await expect(canvas.queryByRole('heading')).toBeNull();
  };

const showsMessage =
  (title: string): Story['play'] =>
  async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/console/');
  };

export const loadingInvitation = stateStory('loadingInvitation', showsLoader('Accepting the invitation'));
export const accepting = stateStory('accepting', showsLoader('Accepting the invitation'));
export const refreshingTenants = stateStory('refreshingTenants', showsLoader('Accepting the invitation'), { tenantId: 'acme' });
export const accepted = stateStory('accepted', showsLoader('Accepting the invitation'), { tenantId: 'acme' });

export const emailMismatch = stateStory('emailMismatch', async ({ canvas, args, userEvent }) => {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'This invitation was sent to another account' })).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Switch account' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'SWITCH_ACCOUNT' });
});

export const switchingAccount = stateStory('switchingAccount', showsLoader('Switching account'));
export const notFound = stateStory('notFound', showsMessage('Invitation not found'));
export const invalidStatus = stateStory('invalidStatus', showsMessage('Invalid invitation status'));

export const error = stateStory(
  'error',
  async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RETRY' });
  },
  { error: { message: 'Failed to fetch' } },
);

export const tenantsError = stateStory(
  'tenantsError',
  async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'You joined the tenant, but the tenant list did not load' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RETRY' });
  },
  { tenantId: 'acme', error: { message: 'Failed to fetch' } },
);
