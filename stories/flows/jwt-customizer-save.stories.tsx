import type { Meta } from '@storybook/react-vite';
import { Stack } from '@mantine/core';
import { expect, fn } from 'storybook/test';
import { jwtCustomizerSaveMachine } from '#machines/jwt-customizer-save.machine.ts';
import { jwtScriptTemplate } from '#schemas/jwt-customizer.ts';
import { JwtSaveActions, JwtSaveFailure, type JwtSaveViewProps } from '#src/flows/jwt-customizer-save/JwtSaveView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the custom JWT editor's Save (customize-jwt.md §2), named by its state path. */
type Args = Pick<JwtSaveViewProps, 'onSave' | 'onCancel'>;

const meta: Meta<Args> = {
  title: 'Flows/Custom JWT save',
  parameters: { machine: jwtCustomizerSaveMachine.id, layout: 'padded' },
  args: { onSave: fn(), onCancel: fn() },
};

export default meta;

const stateStory = stateStories(jwtCustomizerSaveMachine, { creating: false }, (state, args: Args) => (
  <Stack gap="md">
    <JwtSaveActions state={state} {...args} />
    <JwtSaveFailure state={state} />
  </Stack>
));

const value = { script: jwtScriptTemplate, blockIssuanceOnError: true };

export const idle = stateStory(
  'idle',
  async ({ canvas, args, userEvent }) => {
    // A script not saved yet is created.
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    await expect(args.onSave).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
  { creating: true },
);

export const saving = stateStory(
  'saving',
  async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
  { value },
);

export const failed = stateStory(
  'failed',
  async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The script was not saved');
    await expect(alert).toHaveTextContent('Line 4: Unexpected token ")"');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
  {
    error: {
      status: 400,
      message: 'The script does not compile.',
      body: { code: 'jwt_customizer.invalid_script', message: 'The script does not compile.', details: { message: 'Unexpected token ")"', line: 4 } },
    },
  },
);
