import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { indexRouteMachine, type IndexRouteContext } from '#machines/index-route.machine.ts';
import { IndexRouteView, type IndexRouteViewProps } from '#src/flows/index-route/IndexRouteView.tsx';
import { sampleInvitation } from '#tests/support/samples.ts';
import { stateStories } from './state-story.tsx';

/** One story per state of the index-route machine, named by its state path (spec 01 §2 index route). */
type Args = Pick<IndexRouteViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Index route',
  parameters: { machine: indexRouteMachine.id },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const invitations = [
  sampleInvitation('acme1', { tenantId: 'acme1', tenantName: 'Acme', tenantTag: 'production' }),
  sampleInvitation('lab2', { tenantId: 'lab2', tenantName: 'Lab' }),
];
const baseContext: IndexRouteContext = { tenants: [], canOnboard: true, canHaveInvitations: true, invitations: [] };

const stateStory = stateStories(indexRouteMachine, baseContext, (state, { send }: Args) => <IndexRouteView state={state} send={send} />);

const showsLoading: Story['play'] = async ({ canvas }) => {
  await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(canvas.queryByRole('heading')).toBeNull();
};

export const loading = stateStory('loading', showsLoading);
export const redirectingToOnboarding = stateStory('redirectingToOnboarding', showsLoading);
export const redirectingToTenant = stateStory('redirectingToTenant', showsLoading, { tenants: [{ id: 't1' }], tenantId: 't1' });
export const loadingInvitations = stateStory('loadingInvitations', showsLoading);
export const joiningInvitation = stateStory('joiningInvitation', showsLoading, { invitations });

export const invitationList = stateStory(
    'invitations',
    async ({ canvas, args }) => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'You have been invited' })).toBeVisible();
      const list = canvas.getByRole('list', { name: 'Pending invitations' });
      await expect(list.querySelectorAll('li')).toHaveLength(2);
      await expect(canvas.getByText('Acme')).toBeVisible();
      await expect(canvas.getByText('Production')).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Join Lab' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'JOIN', invitationId: 'lab2' });
      await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'CREATE_TENANT' });
    },
    { invitations },
);

export const landing = stateStory('landing', async ({ canvas, args }) => {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'You are not a member of any tenant yet' })).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'CREATE_TENANT' });
});

export const restartingOnboarding = stateStory('restartingOnboarding', async ({ canvas, args }) => {
  await expect(await canvas.findByRole('heading', { level: 1, name: 'You are not a member of any tenant yet' })).toBeVisible();
  const create = canvas.getByRole('button', { name: 'Create tenant' });
  await expect(create).toHaveAttribute('aria-busy', 'true');
  await userEvent.click(create);
  await expect(args.send).not.toHaveBeenCalled();
});

export const error = stateStory(
  'error',
  async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to fetch');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'RETRY' });
  },
  { error: 'Failed to fetch' },
);
