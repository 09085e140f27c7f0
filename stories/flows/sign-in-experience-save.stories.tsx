import type { Meta } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { signInExperienceSaveMachine } from '#machines/sign-in-experience-save.machine.ts';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { SaveView, type SaveViewProps } from '#src/pages/sign-in-experience/SaveView.tsx';
import { modalFlow, stateStories } from './state-story.tsx';

/** One story per state of the sign-in experience's save (sign-in-experience.md §4, §8), named by its state path. */
type Args = Pick<SaveViewProps, 'send' | 'before'>;

const before = defaultSignInExperienceSettings('cloud');

const meta: Meta<Args> = {
  title: 'Flows/Sign-in experience save',
  parameters: { machine: signInExperienceSaveMachine.id, layout: 'padded', ...modalFlow('480px') },
  args: { send: fn(), before },
};

export default meta;

const stateStory = stateStories(signInExperienceSaveMachine, { etag: '"1"' }, (state, { send, before: saved }: Args) => (
  <SaveView state={state} send={send} before={saved} />
));

const signUpByUsername = { signUp: { identifiers: ['username' as const], password: true, verify: false } };

export const idle = stateStory('idle', async () => {
  // Nothing besides the form's own Save bar.
  await expect(screen.queryByRole('alert')).toBeNull();
  await expect(screen.queryByRole('dialog')).toBeNull();
});

export const confirming = stateStory(
  'confirming',
  async ({ args, userEvent }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Save changes to how users sign in?' });
    await expect(dialog).toHaveTextContent('Identifier: E-mail address');
    await expect(dialog).toHaveTextContent('Identifier: Username');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CONFIRM' });
  },
  { patch: signUpByUsername },
);

export const saving = stateStory(
  'saving',
  async () => {
    // The form's Save bar shows the save under way.
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
  { patch: { supportEmail: 'help@acme.test' } },
);

export const conflict = stateStory('conflict', async ({ canvas, args, userEvent }) => {
  await expect(await canvas.findByRole('alert', { name: 'Someone else saved the sign-in experience' })).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Reload their version' }));
  await expect(args.send).toHaveBeenCalledWith({ type: 'RELOAD' });
});

export const reloading = stateStory('reloading', async ({ canvas }) => {
  await expect(await canvas.findByRole('button', { name: 'Reload their version' })).toHaveAttribute('aria-busy', 'true');
});
