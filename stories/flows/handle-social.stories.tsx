import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { handleSocialMachine, type HandleSocialContext } from '#machines/handle-social.machine.ts';
import { HandleSocialView, type HandleSocialViewProps } from '#src/flows/handle-social/HandleSocialView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the /handle-social popup's machine, named by its state path (spec 01 §4 social link). */
type Args = Pick<HandleSocialViewProps, 'send'>;

const meta: Meta<Args> = {
  title: 'Flows/Handle social',
  parameters: { machine: handleSocialMachine.id, layout: 'padded' },
  args: { send: fn() },
};

export default meta;
type Story = StoryObj<Args>;

const context: HandleSocialContext = { connectorId: 'demo-social', connectorData: { code: 'demo-code', state: 'abcdefgh' } };

const stateStory = stateStories(handleSocialMachine, context, (state, { send }: Args) => <HandleSocialView state={state} send={send} />);

const closesOnGotIt: Story['play'] = async ({ canvas, args, userEvent }) => {
  await userEvent.click(canvas.getByRole('button', { name: 'Got it' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'CLOSE' });
};

export const start = stateStory('start', async ({ canvas }) => {
  await expect(await canvas.findByRole('status')).toHaveTextContent('Linking your account…');
});

export const linking = stateStory('linking', async ({ canvas }) => {
  await expect(await canvas.findByRole('heading', { name: 'Link social account' })).toBeVisible();
  await expect(canvas.getByRole('status')).toHaveTextContent('Linking your account…');
});

export const identityInUse = stateStory('identityInUse', async (story) => {
  await expect(await story.canvas.findByRole('alert')).toHaveTextContent('This social account is already linked to another user.');
  await closesOnGotIt(story);
});

export const noConnector = stateStory(
  'noConnector',
  async (story) => {
    await expect(await story.canvas.findByRole('alert')).toHaveTextContent('No social account is being linked. Start again from your profile.');
    await closesOnGotIt(story);
  },
  { connectorId: undefined },
);

export const failed = stateStory(
  'failed',
  async (story) => {
    await expect(await story.canvas.findByRole('alert')).toHaveTextContent('The social provider did not answer.');
    await closesOnGotIt(story);
  },
  { error: 'The social provider did not answer.' },
);

export const done = stateStory('done', async ({ canvas }) => {
  await expect(await canvas.findByRole('status')).toHaveTextContent('Linked. This window closes now.');
});
