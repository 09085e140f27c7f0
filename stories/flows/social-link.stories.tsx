import type { Meta } from '@storybook/react-vite';
import { Group, Text } from '@mantine/core';
import { expect, fn, screen } from 'storybook/test';
import { socialLinkMachine } from '#machines/social-link.machine.ts';
import { SocialLinkView, type SocialLinkViewProps } from '#src/flows/social-link/SocialLinkView.tsx';
import { RowLabelId } from '#src/ui/RowAction.tsx';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the social link machine, named by its state path (spec 01 §4 social link, unlink). */
type Args = Pick<SocialLinkViewProps, 'send' | 'linked'>;

const meta: Meta<Args> = {
  title: 'Flows/Social link',
  parameters: { machine: socialLinkMachine.id, layout: 'padded', ...modalFlow('360px') },
  args: { send: fn(), linked: false },
};

export default meta;

const connector = { id: 'demo-social', name: 'Demo social' };

/** In the connector's row of the profile, whose label the action's name ends with. */
const stateStory = stateStories(socialLinkMachine, {}, (state, { send, linked }: Args) => (
  <Group>
    <Text id="connector-label">{connector.name}</Text>
    <RowLabelId.Provider value="connector-label">
      <SocialLinkView state={state} send={send} connector={connector} linked={linked} />
    </RowLabelId.Provider>
  </Group>
));

export const idle = stateStory('idle', async ({ canvas, args, userEvent }) => {
  await userEvent.click(await canvas.findByRole('button', { name: 'Link Demo social' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'LINK', connectorId: 'demo-social' });
});

export const authorizing = stateStory(
  'authorizing',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Link Demo social' })).toHaveAttribute('aria-busy', 'true');
  },
  { connectorId: 'demo-social' },
);

export const confirmingUnlink = stateStory(
  'confirmingUnlink',
  async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Demo social?' });
    await expect(dialog).toHaveTextContent('You will no longer be able to sign in with this Demo social account.');
    // The confirm dialog of spec 01 §4 (its Cancel and back-action paths are the confirm-dialog flow's stories).
    await expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CONFIRM' });
  },
  { connectorId: 'demo-social' },
  { linked: true },
);

export const unlinking = stateStory(
  'unlinking',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unlink Demo social' })).toHaveAttribute('aria-busy', 'true');
  },
  { connectorId: 'demo-social' },
  { linked: true },
);
