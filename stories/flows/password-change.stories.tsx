import type { Meta } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { passwordChangeMachine } from '#machines/password-change.machine.ts';
import { PasswordChangeView, type PasswordChangeViewProps } from '#src/flows/password-change/PasswordChangeView.tsx';
import { stateStories } from './state-story.tsx';

/** One story per state of the password change machine, named by its state path (spec 01 §4 password change). */
type Args = Pick<PasswordChangeViewProps, 'send' | 'onCancel' | 'hasPassword' | 'onVerifyByEmail'>;

const meta: Meta<Args> = {
  title: 'Flows/Password change',
  parameters: { machine: passwordChangeMachine.id, layout: 'padded' },
  args: { send: fn(), onCancel: fn(), hasPassword: true, onVerifyByEmail: fn() },
};

export default meta;

const stateStory = stateStories(passwordChangeMachine, { step: 'verifyPassword' }, (state, { send, onCancel, hasPassword, onVerifyByEmail }: Args) => (
  <PasswordChangeView state={state} send={send} onCancel={onCancel} hasPassword={hasPassword} onVerifyByEmail={onVerifyByEmail} />
));

export const start = stateStory('start', async ({ canvas }) => {
  await expect(await canvas.findByRole('heading', { name: 'Verify password' })).toBeVisible();
});

export const verifyPassword = stateStory(
  'verifyPassword',
  async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The password is incorrect.');
    await userEvent.type(canvas.getByLabelText(/Current password/), 'Current-pass-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'SUBMIT', password: 'Current-pass-1' });
    await userEvent.click(canvas.getByRole('button', { name: 'Use a code sent to your e-mail instead' }));
    await expect(args.onVerifyByEmail).toHaveBeenCalled();
  },
  { error: { kind: 'failed', message: 'The password is incorrect.' } },
);

export const verifying = stateStory('verifying', async ({ canvas }) => {
  await expect(await canvas.findByRole('button', { name: 'Continue' })).toHaveAttribute('aria-busy', 'true');
});

export const changePassword = stateStory(
  'changePassword',
  async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'Set password' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The password must have at least 8 characters.');
    await userEvent.type(canvas.getByLabelText(/^New password/), 'New-pass-123');
    await userEvent.type(canvas.getByLabelText(/Confirm new password/), 'New-pass-124');
    await userEvent.click(canvas.getByRole('button', { name: 'Save password' }));
    await expect(await canvas.findByText('The passwords do not match.')).toBeVisible();
    await expect(args.send).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText(/Confirm new password/));
    await userEvent.type(canvas.getByLabelText(/Confirm new password/), 'New-pass-123');
    await userEvent.click(canvas.getByRole('button', { name: 'Save password' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'SUBMIT', password: 'New-pass-123' });
  },
  { step: 'changePassword', error: { kind: 'rejected', codes: ['too_short'] } },
  { hasPassword: false },
);

export const saving = stateStory(
  'saving',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save password' })).toHaveAttribute('aria-busy', 'true');
  },
  { step: 'changePassword' },
);

export const done = stateStory(
  'done',
  async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Save password' })).toHaveAttribute('aria-busy', 'true');
  },
  { step: 'changePassword' },
);
